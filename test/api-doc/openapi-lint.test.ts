/**
 * The OpenAPI document through a linter nobody here wrote: Redocly's (`@redocly/openapi-core`,
 * the library `redocly lint` runs) with its `recommended` rules. No error; the warnings kept
 * are exactly these, each for its reason (docs/api.md, "The OpenAPI document"):
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { builtDocument } from '../../scripts/build/openapi-file.js';

const KEPT_WARNINGS = [
  // A WebSocket upgrade answers 101 Switching Protocols; there is no 2xx to document.
  'operation-2xx-response #/paths/~1api~1tables~1{id}~1ws/get/responses',
  // These two refuse nothing: no request of theirs can be wrong (503 is the server's own lack).
  'operation-4xx-response #/paths/~1api~1health/get/responses',
  'operation-4xx-response #/paths/~1api~1push~1key/get/responses',
  // The document linted here is the local server's (http://localhost:8787); a deployed server names its own origin.
  'no-server-example.com #/servers/0/url',
  // The project has no license to name.
  'info-license #/info',
];

async function lint(document: unknown): Promise<{ errors: string[]; warnings: string[] }> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  const named = (severity: string) =>
    problems
      .filter((p) => p.severity === severity)
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}${severity === 'error' ? `: ${p.message}` : ''}`);
  return { errors: named('error'), warnings: named('warn') };
}

describe("Redocly's linter, rules `recommended`", () => {
  it('finds no error in the document, and no warning but the ones kept', async () => {
    const { errors, warnings } = await lint(builtDocument('http://localhost:8787'));
    expect(errors).toEqual([]);
    expect(warnings.sort()).toEqual([...KEPT_WARNINGS].sort());
  });

  it('(finds the errors of a broken copy: two operations of one id, an operation that says nothing of its security)', async () => {
    const broken = JSON.parse(JSON.stringify(builtDocument('http://localhost:8787')));
    broken.paths['/api/tables/{id}'].get.operationId = 'createTable';
    delete broken.paths['/api/health'].get.security;
    const { errors } = await lint(broken);
    expect(errors).toContainEqual(expect.stringMatching(/^operation-operationId-unique /));
    expect(errors).toContainEqual(expect.stringMatching(/^security-defined #\/paths\/~1api~1health\/get/));
  });
});
