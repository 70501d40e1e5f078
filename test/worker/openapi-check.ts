/**
 * Real answers of the Worker held against its OpenAPI document (API.md "The OpenAPI
 * document") by a JSON Schema 2020-12 validator nobody here wrote: @cfworker/json-schema,
 * made for Workers (ajv compiles schemas with `new Function`, which workerd forbids). The
 * document is one schema resource, so its `$ref`s resolve as any client's validator resolves
 * them; the zod schemas it was generated from are never asked.
 *
 * Wrong in either direction is found: too strict, a real answer is refused (`problems`); too
 * loose, a real answer with one of its values replaced by a value of another JSON type is
 * still accepted (`looseness`): every value the server sends must be typed. An answer's field
 * the document does not name is a problem too: the document is read closed for that (every
 * object schema without `additionalProperties` taken as `false`).
 */
import { dereference, validate, type Schema } from '@cfworker/json-schema';

/** One request the tests sent and the Worker's answer, as a client saw them. */
export interface Exchange {
  readonly method: string;
  /** The path without the query, e.g. /api/tables/abc/actions. */
  readonly path: string;
  readonly requestType: string | null;
  /** The request's body as sent, or null without one. */
  readonly requestBody: string | null;
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

type Json = Record<string, unknown>;

interface MediaType {
  readonly schema?: Schema;
}

interface Response_ {
  readonly headers?: Record<string, { readonly required?: boolean; readonly schema?: Schema }>;
  readonly content?: Record<string, MediaType>;
}

interface Operation {
  readonly requestBody?: { readonly content?: Record<string, MediaType> };
  readonly responses: Record<string, Response_>;
}

/** Where the document is read from: its `$ref`s resolve against this. */
const DOCUMENT_URI = new URL('https://wallachen.test/api/openapi.json');

const mediaTypeOf = (contentType: string | null): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** The key under which an answer of this status is documented: its own, its class ("4XX") or "default". */
const documentedStatus = (responses: Record<string, Response_>, status: number): string | undefined =>
  [String(status), `${String(status)[0]}XX`, 'default'].find((key) => responses[key] !== undefined);

/** A copy of the document in which every object schema that names its properties allows no others. */
function closed<T>(document: T): T {
  const copy = structuredClone(document);
  const close = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if (!Array.isArray(value)) {
      const schema = value as Json;
      if (typeof schema.properties === 'object' && schema.additionalProperties === undefined && schema.patternProperties === undefined)
        schema.additionalProperties = false;
    }
    for (const inner of Object.values(value)) close(inner);
  };
  close(copy);
  return copy;
}

/** A JSON value's kind, as the mutants below see it. */
const kindOf = (value: unknown): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as 'object' | 'string' | 'number' | 'boolean');

/**
 * The values put in place of a value of each kind: of every other JSON type, but the ones a
 * correct schema may accept there too (a null field may be anything else as well: only an
 * object, which every nullable object of the document requires fields of, is tried; 7 is no
 * seat, so a seat-or-"spectator" field refuses it).
 */
const MUTANTS: Record<ReturnType<typeof kindOf>, readonly unknown[]> = {
  null: [{}],
  string: [7, true, {}, []],
  number: ['mutant', true, {}, []],
  boolean: ['mutant', 7, {}, []],
  array: ['mutant', 7, {}],
  object: ['mutant', 7, []],
};

/** Every position of `value` (a JSON pointer) with the value there, depth first. */
function* positions(value: unknown, pointer = ''): Generator<{ pointer: string; value: unknown }> {
  yield { pointer, value };
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) yield* positions(inner, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

/** `root` with the value at `pointer` replaced by `replacement` (a copy). */
function replaced(root: unknown, pointer: string, replacement: unknown): unknown {
  if (pointer === '') return replacement;
  const copy = structuredClone(root) as Json;
  const keys = pointer
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: Json = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Json;
  at[keys.at(-1)!] = replacement;
  return copy;
}

export class ContractCheck {
  private readonly doc: { paths: Record<string, Record<string, Operation>>; webhooks?: Record<string, Record<string, Operation>> };
  private readonly lookup: Record<string, Schema | boolean>;
  /** The same document read closed (`closed`), to find fields it does not name. */
  private readonly closedDoc: ContractCheck['doc'];
  private readonly closedLookup: Record<string, Schema | boolean>;
  /** The path templates, literal ones first: /api/tables/overview before /api/tables/{id}. */
  private readonly templates: { template: string; pattern: RegExp }[];
  /** Positions already tried by `looseness`, per answer kind: each once. */
  private readonly tried = new Set<string>();

  constructor(document: unknown) {
    this.doc = structuredClone(document) as ContractCheck['doc'];
    this.lookup = dereference(this.doc as Schema, Object.create(null), DOCUMENT_URI);
    this.closedDoc = closed(this.doc);
    this.closedLookup = dereference(this.closedDoc as Schema, Object.create(null), DOCUMENT_URI);
    this.templates = Object.keys(this.doc.paths)
      .map((template) => ({
        template,
        params: (template.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      }))
      .sort((a, b) => a.params - b.params)
      .map(({ template, pattern }) => ({ template, pattern }));
  }

  /** The documented operation of a request, or why there is none. */
  operationOf(method: string, path: string, doc = this.doc): { name: string; operation: Operation } | string {
    const matching = this.templates.filter(({ pattern }) => pattern.test(path));
    if (matching.length === 0) return `${method} ${path}: no path of the document matches`;
    const verb = method.toLowerCase();
    const found = matching.find(({ template }) => doc.paths[template]![verb] !== undefined);
    if (found === undefined) return `${method} ${path}: ${matching[0]!.template} documents no ${method}`;
    return { name: `${method} ${found.template}`, operation: doc.paths[found.template]![verb]! };
  }

  /** The (operation, status) pairs the document lists, as "METHOD /path status". */
  documentedAnswers(): string[] {
    return Object.entries(this.doc.paths).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${template} ${status}`),
      ),
    );
  }

  /** The answer's "METHOD /path status" as documentedAnswers names it, or null when undocumented. */
  answerOf(exchange: Exchange): string | null {
    const found = this.operationOf(exchange.method, exchange.path);
    if (typeof found === 'string') return null;
    const key = documentedStatus(found.operation.responses, exchange.status);
    return key === undefined ? null : `${found.name} ${key}`;
  }

  private errorsOf(instance: unknown, schema: Schema, lookup = this.lookup): string[] {
    const result = validate(instance, schema, '2020-12', lookup, false);
    return result.valid ? [] : result.errors.map((e) => `${e.instanceLocation} ${e.keyword}: ${e.error}`);
  }

  private isValid(instance: unknown, schema: Schema): boolean {
    return validate(instance, schema, '2020-12', this.lookup, true).valid;
  }

  /** The documented schema an answer's body must match, with what it is parsed as; or why the answer is not documented. */
  private answerSchema(exchange: Exchange, doc = this.doc): { name: string; schema: Schema | null; json: boolean } | string {
    const found = this.operationOf(exchange.method, exchange.path, doc);
    if (typeof found === 'string') return found;
    const key = documentedStatus(found.operation.responses, exchange.status);
    if (key === undefined) return `${found.name}: status ${exchange.status} is not documented (${exchange.body.slice(0, 200)})`;
    const name = `${found.name} ${exchange.status}`;
    const content = found.operation.responses[key]!.content;
    if (content === undefined || Object.keys(content).length === 0) {
      return exchange.body === ''
        ? { name, schema: null, json: false }
        : `${name}: documented without a body, answered ${exchange.body.slice(0, 100)}`;
    }
    const type = mediaTypeOf(exchange.headers.get('content-type'));
    const media = content[type];
    if (media === undefined) return `${name}: answered ${type || 'no content type'}, documented ${Object.keys(content).join(', ')}`;
    return { name, schema: media.schema ?? {}, json: type === 'application/json' || type.endsWith('+json') };
  }

  /** What the document says is wrong with this answer: its status, documented headers, content type and body. */
  problems(exchange: Exchange): string[] {
    const found = this.answerSchema(exchange);
    if (typeof found === 'string') return [found];
    const { name, schema, json } = found;
    const problems: string[] = [];
    const operation = (this.operationOf(exchange.method, exchange.path) as { operation: Operation }).operation;
    const documented = operation.responses[documentedStatus(operation.responses, exchange.status)!]!;
    for (const [header, spec] of Object.entries(documented.headers ?? {})) {
      const value = exchange.headers.get(header);
      if (value === null) {
        if (spec.required) problems.push(`${name}: no ${header} header`);
        continue;
      }
      const typed = spec.schema?.type === 'integer' || spec.schema?.type === 'number' ? Number(value) : value;
      for (const error of spec.schema === undefined ? [] : this.errorsOf(typed, spec.schema)) problems.push(`${name}: header ${header} ${error}`);
    }
    if (schema === null) return problems;
    let body: unknown = exchange.body;
    if (json) {
      try {
        body = JSON.parse(exchange.body);
      } catch {
        return [...problems, `${name}: not JSON: ${exchange.body.slice(0, 100)}`];
      }
    }
    const refused = this.errorsOf(body, schema);
    for (const error of refused) problems.push(`${name}: ${error}`);
    if (refused.length > 0) return problems;
    const closedSchema = (this.answerSchema(exchange, this.closedDoc) as { schema: Schema }).schema;
    for (const error of this.errorsOf(body, closedSchema, this.closedLookup)) problems.push(`${name}: undocumented: ${error}`);
    return problems;
  }

  /**
   * Where the document would also accept a value of another type than the server sent: each
   * value of the answer (each position once per answer kind) replaced in turn by MUTANTS.
   */
  looseness(exchange: Exchange): string[] {
    const found = this.answerSchema(exchange);
    if (typeof found === 'string' || found.schema === null || !found.json) return [];
    const body = JSON.parse(exchange.body) as unknown;
    const loose: string[] = [];
    for (const { pointer, value } of positions(body)) {
      const kind = kindOf(value);
      const key = `${found.name} ${pointer.replace(/\/\d+(?=\/|$)/g, '/*')} ${kind}`;
      if (this.tried.has(key)) continue;
      this.tried.add(key);
      for (const mutant of MUTANTS[kind]) {
        if (this.isValid(replaced(body, pointer, mutant), found.schema)) {
          loose.push(`${found.name}: ${pointer || '(the body)'} (${JSON.stringify(value)?.slice(0, 40)}) also accepts ${JSON.stringify(mutant)}`);
        }
      }
    }
    return loose;
  }

  /**
   * A request body the document refuses must be refused by the server before it acts: 400
   * (or the body limit's 413, or 415 for a body that is not JSON). An accepted body the
   * server took (2xx) must be one the document accepts.
   */
  requestProblems(exchange: Exchange): string[] {
    if (exchange.requestBody === null) return [];
    const found = this.operationOf(exchange.method, exchange.path);
    if (typeof found === 'string') return [];
    const media = found.operation.requestBody?.content?.[mediaTypeOf(exchange.requestType)];
    if (media?.schema === undefined || mediaTypeOf(exchange.requestType) !== 'application/json') return [];
    let body: unknown;
    try {
      body = JSON.parse(exchange.requestBody);
    } catch {
      return exchange.status === 400 ? [] : [`${found.name}: a body that is no JSON answered ${exchange.status}`];
    }
    const refused = !this.isValid(body, media.schema);
    if (refused && ![400, 413, 415].includes(exchange.status))
      return [`${found.name}: the document refuses ${exchange.requestBody.slice(0, 120)}, the server answered ${exchange.status}`];
    if (!refused || exchange.status >= 300) return [];
    return [`${found.name}: the server took ${exchange.requestBody.slice(0, 120)} (${exchange.status}), the document refuses it`];
  }

  /** Whether the document's request schema of METHOD path takes `body`. */
  acceptsRequest(method: string, path: string, body: unknown): boolean {
    const found = this.operationOf(method, path);
    if (typeof found === 'string') throw new Error(found);
    const schema = found.operation.requestBody?.content?.['application/json']?.schema;
    if (schema === undefined) throw new Error(`${found.name} documents no JSON body`);
    return this.isValid(body, schema);
  }

  /** What is wrong with a body the server posted to a webhook (the document's `webhooks`). */
  webhookProblems(name: string, body: unknown): string[] {
    const schema = this.doc.webhooks?.[name]?.post?.requestBody?.content?.['application/json']?.schema;
    if (schema === undefined) return [`the document has no webhook ${name}`];
    return this.errorsOf(body, schema).map((error) => `webhook ${name}: ${error}`);
  }
}
