/**
 * The OpenAPI document (/api/openapi.json) is a valid OpenAPI 3.1 document, and says what a
 * generated client needs (API.md "The OpenAPI document"): a name for every operation, who may
 * call it, when to retry after a 429, where the server is, and nullable fields a validator
 * and a type generator read as such. This runs in Node: the OpenAPI validator
 * (@seriousme/openapi-schema-validator) reads its JSON schemas from files and compiles them
 * with ajv (`new Function`), neither of which workerd allows. The document is the one the build
 * made (scripts/build/openapi-document.ts; openapi-built.test.ts: it is current), as the Worker
 * serves it. (Whether the server's answers match it: test/worker/openapi-answers.test.ts.)
 */
import { dereference, validate, type Schema } from '@cfworker/json-schema';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { builtDocument } from '../../scripts/build/openapi-file.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, { required?: boolean; schema?: Json }>; description: string }>;
}

/** The document as the server sends it: through JSON. */
const served = (): Record<string, unknown> => JSON.parse(JSON.stringify(builtDocument('http://localhost:8787')));

/** Every operation of the document, paths and webhooks: "METHOD /path" (a webhook: "METHOD webhook name") and the operation. */
function operations(doc: Json): [string, Operation][] {
  const of = (items: Record<string, Record<string, Operation>>, prefix: string) =>
    Object.entries(items).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${prefix}${path}`, operation]),
    );
  return [
    ...of(doc.paths as Record<string, Record<string, Operation>>, ''),
    ...of((doc.webhooks ?? {}) as Record<string, Record<string, Operation>>, 'webhook '),
  ];
}

/** The operations anyone may call: no token, or one that travels elsewhere (the overview's body, the pasted link of oEmbed, the mail links' path). */
const PUBLIC = [
  'GET /api/health',
  'POST /api/tables',
  'POST /api/tables/overview',
  'GET /api/push/key',
  'GET /oembed',
  'GET /api/mail/confirm/{link}',
  'POST /api/mail/confirm/{link}',
  'GET /api/mail/unsubscribe/{link}',
  'POST /api/mail/unsubscribe/{link}',
  'POST webhook notification',
];
const OPERATOR = [
  'GET /api/ops/tables/{id}/history',
  'POST /api/ops/tables/{id}/history/replay',
  'GET /api/ops/tables/{id}/storage',
  'POST /api/ops/history/migrate',
  'GET /api/ops/summary',
];

describe('the OpenAPI document', () => {
  it('is valid against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(served());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('(the validator refuses a broken copy of it, so the check above means something)', async () => {
    const broken = served();
    const paths = broken.paths as Record<string, Record<string, Record<string, unknown>>>;
    delete paths['/api/tables']!.post!.responses;
    paths['/api/tables']!.post!.parameters = [{ name: 'x', in: 'nowhere' }];
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('names every operation, each once (operationId): a generated client names its calls so', () => {
    const named = operations(served()).map(([name, operation]) => [name, operation.operationId]);
    expect(named.filter(([, id]) => typeof id !== 'string' || id === '')).toEqual([]);
    const ids = named.map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says of every operation who may call it: `security: []` for the public ones, a link's bearer token or the operator's for the others", () => {
    const said = Object.fromEntries(operations(served()).map(([name, operation]) => [name, operation.security]));
    for (const [name, security] of Object.entries(said)) {
      const expected = PUBLIC.includes(name) ? [] : OPERATOR.includes(name) ? [{ operator: [] }] : [{ bearer: [] }];
      expect(security, name).toEqual(expected);
    }
    expect(Object.keys(said)).toEqual(expect.arrayContaining([...PUBLIC, ...OPERATOR]));
    const schemes = (served().components as Record<string, Json>).securitySchemes!;
    expect(schemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' }, operator: { type: 'http', scheme: 'bearer' } });
  });

  it('declares Retry-After (whole seconds) on every 429, as the server sends it', () => {
    const limited = operations(served()).filter(([, operation]) => operation.responses['429'] !== undefined);
    expect(limited.length).toBeGreaterThanOrEqual(16);
    for (const [name, operation] of limited) {
      expect(operation.responses['429']!.headers?.['Retry-After'], name).toMatchObject({ required: true, schema: { type: 'integer' } });
    }
  });

  it('names the server it is read from', () => {
    expect(JSON.parse(JSON.stringify(builtDocument('https://wallachen.example'))).servers).toEqual([
      { url: 'https://wallachen.example', description: 'This server' },
    ]);
  });

  it('writes a nullable field as a union with null, never as allOf, and no named schema admits null itself', () => {
    const doc = served();
    const allOf: string[] = [];
    const walk = (value: unknown, pointer: string): void => {
      if (value === null || typeof value !== 'object') return;
      if (!Array.isArray(value) && 'allOf' in value) allOf.push(pointer);
      for (const [key, inner] of Object.entries(value)) walk(inner, `${pointer}/${key}`);
    };
    walk(doc, '#');
    expect(allOf).toEqual([]);
    const base = new URL('https://wallachen.test/api/openapi.json');
    const lookup = dereference(doc as Schema, Object.create(null), base);
    const schemas = (doc.components as Record<string, Record<string, Schema>>).schemas!;
    const nullable = Object.entries(schemas)
      .filter(([, schema]) => validate(null, schema, '2020-12', lookup).valid)
      .map(([name]) => name);
    expect(nullable).toEqual([]);
    // … and a field that may be null admits it: the view's seat (a spectator's), and what the old `allOf` refused.
    const seat = (schemas.View!.properties as Record<string, Schema>).seat!;
    expect([null, 0, 2].map((value) => validate(value, seat, '2020-12', lookup).valid)).toEqual([true, true, true]);
    expect([3, '0', 1.5].map((value) => validate(value, seat, '2020-12', lookup).valid)).toEqual([false, false, false]);
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
});
