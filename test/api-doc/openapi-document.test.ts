/**
 * The OpenAPI document (/api/openapi.json) is a valid OpenAPI 3.1 document. This runs in
 * Node: the validator (@seriousme/openapi-schema-validator) reads its JSON schemas from
 * files and compiles them with ajv (`new Function`), neither of which workerd allows.
 * worker/app.ts imports nothing of workerd at load time, so Node can build the document.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { app, OPENAPI_CONFIG } from '../../worker/app.js';

/** The document as the server sends it: through JSON. */
const served = (): Record<string, unknown> => JSON.parse(JSON.stringify(app.getOpenAPI31Document(OPENAPI_CONFIG)));

describe('the OpenAPI document', () => {
  it('is valid against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(served());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("documents 409 id_reused for actions: in the answer's description and in the action id's", () => {
    const doc = served() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
      components: { schemas: Record<string, { oneOf?: { properties: Record<string, { description?: string }> }[] }> };
    };
    const conflict = doc.paths['/api/tables/{id}/actions']!.post!.responses['409']!.description;
    expect(conflict).toContain('stale_version');
    expect(conflict).toContain('id_reused');
    const variants = doc.components.schemas.Action!.oneOf!;
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) expect(variant.properties.id!.description).toContain('id_reused');
  });

  it('(the validator refuses a broken copy of it, so the check above means something)', async () => {
    const broken = served();
    const paths = broken.paths as Record<string, Record<string, Record<string, unknown>>>;
    delete paths['/api/tables']!.post!.responses;
    paths['/api/tables']!.post!.parameters = [{ name: 'x', in: 'nowhere' }];
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });
});
