/**
 * The documented routes (API.md "The OpenAPI document"): each is declared once, as a route of
 * the OpenAPI document, and `openapi` both answers it (its schemas validate the request
 * first) and lists it for the document, which worker/docs/document.ts makes from that list
 * at build time. And what they share in the document: who may call them (a link's bearer
 * token, or anyone: `security: []`), JSON content, the table id in the path, and their
 * refusals in the error shape, every 429 with the Retry-After the server sends.
 */
import type { Context, Handler, Env as HonoEnv, Hono, MiddlewareHandler, TypedResponse } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import * as z from 'zod/mini';
import { doc, ErrorSchema } from '../schemas/index.js';
import { ApiError } from '../model/errors.js';
import { describeIssues } from '../schemas/issues.js';

// ---------------------------------------------------------------- a route

/** What the document says of one answer: JSON (or a page) of a schema, and its headers. */
export interface DocumentedAnswer {
  readonly description: string;
  readonly content?: Readonly<Record<string, { readonly schema: z.ZodMiniType }>>;
  readonly headers?: Readonly<Record<string, unknown>>;
}

/** A route as the OpenAPI document has it (zod-to-openapi's RouteConfig), with its middleware before the validators. */
export interface DocumentedRoute {
  readonly method: 'get' | 'post' | 'put';
  /** OpenAPI's path: `/api/tables/{id}`. */
  readonly path: string;
  readonly operationId: string;
  /** The document's alone: written `...(OPENAPI_PROSE && { summary, description })`, left out of the Worker. */
  readonly summary?: string;
  readonly description?: string;
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  readonly request?: {
    readonly params?: z.ZodMiniType;
    readonly query?: z.ZodMiniType;
    readonly body?: { readonly content: { readonly 'application/json': { readonly schema: z.ZodMiniType } }; readonly required: boolean };
  };
  readonly responses: Readonly<Record<number, DocumentedAnswer>>;
  /** Runs before the validators (the WebSocket's 426, the operator's check, the mail forms' CSRF). */
  readonly middleware?: MiddlewareHandler | readonly MiddlewareHandler[];
}

type RequestOf<R extends DocumentedRoute> = NonNullable<R['request']>;
type Output<S> = S extends z.ZodMiniType ? z.output<S> : never;

/** `route` as declared, its literal types kept (its method, its schemas), for `openapi` to answer. */
export const defineRoute = <R extends DocumentedRoute>(route: R): R => route;

/** What the validators put on the request, as `c.req.valid(…)` reads it. */
export interface Validated<R extends DocumentedRoute> {
  out: {
    param: Output<RequestOf<R>['params']>;
    query: Output<RequestOf<R>['query']>;
    json: RequestOf<R>['body'] extends { content: { 'application/json': { schema: infer S } } } ? Output<S> : never;
  };
}

/** The context a route's handler gets: its validated input, its path, its environment. */
export type RouteContext<R extends DocumentedRoute, E extends HonoEnv> = Context<E, string, Validated<R>>;

type Statuses<R extends DocumentedRoute> = keyof R['responses'] & number;

/** What a route's handler may answer: for a status whose answer is JSON, that schema's JSON; any response where it is not (a page, a WebSocket). */
export type AnswerOf<R extends DocumentedRoute> = {
  [S in Statuses<R>]: R['responses'][S] extends { content: { 'application/json': { schema: infer T } } }
    ? Response & TypedResponse<JSONParsed<Output<T>>, S & StatusCode, 'json'>
    : Response;
}[Statuses<R>];

/** Each router's documented routes; a router's environment does not change what they document. */
const documented = new WeakMap<object, DocumentedRoute[]>();

/** The routes `router` answers through `openapi`, those of the routers mounted on it included, in order: what the document lists. */
export const documentedRoutes = <E extends HonoEnv>(router: Hono<E>): readonly DocumentedRoute[] => documented.get(router) ?? [];

function listOf<E extends HonoEnv>(router: Hono<E>): DocumentedRoute[] {
  const list = documented.get(router) ?? [];
  documented.set(router, list);
  return list;
}

/** Mounts `router` on `app` at the root, its documented routes after those `app` has so far. */
export function mount<E extends HonoEnv, S extends HonoEnv>(app: Hono<E>, router: Hono<S>): void {
  app.route('/', router);
  listOf(app).push(...documentedRoutes(router));
}

/** Answers `route` on `router` by `handler`, after the route's middleware and its validators; lists it for the document. */
export function openapi<R extends DocumentedRoute, E extends HonoEnv>(
  router: Hono<E>,
  route: R,
  handler: (c: RouteContext<R, E>) => AnswerOf<R> | Promise<AnswerOf<R>>,
): void {
  listOf(router).push(route);
  const middleware = route.middleware === undefined ? [] : [route.middleware].flat();
  const answer: Handler<E, string, Validated<R>> = handler;
  router.on(route.method.toUpperCase(), [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')], ...middleware, ...validatorsOf(route), answer);
}

// ---------------------------------------------------------------- its validators

/**
 * A schema's check of one part of the request: a failure is the API's 400 refusal, naming each
 * field and what is wrong with it, thrown and answered by onError (app.ts).
 */
const validated = (target: 'param' | 'query' | 'json', schema: z.ZodMiniType): MiddlewareHandler =>
  validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new ApiError(400, 'bad_request', describeIssues(result.error.issues));
    return result.data;
  });

/** A JSON media type, as a body's Content-Type must name it. */
const JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const isJson = (contentType: string) => /^application\/([a-z-.]+\+)?json/i.test(contentType);

/** Whether the request has a body of at least one byte (a client may send one without Content-Type). */
async function hasBody(c: Context): Promise<boolean> {
  if (c.req.raw.bodyUsed) return (await c.req.arrayBuffer()).byteLength > 0;
  const body = c.req.raw.clone().body;
  if (body === null) return false;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** A body the route takes as JSON comes as JSON: anything else is 415 before it is read. */
const jsonBodyOnly: MiddlewareHandler = async (c, next) => {
  const contentType = c.req.header('content-type');
  if (contentType ? !JSON_MEDIA_TYPE.test(contentType) : await hasBody(c)) throw new HTTPException(415, { message: 'Unsupported Media Type' });
  await next();
};

function validatorsOf({ request }: DocumentedRoute): MiddlewareHandler[] {
  const found: MiddlewareHandler[] = [];
  if (request?.query !== undefined) found.push(validated('query', request.query));
  if (request?.params !== undefined) found.push(validated('param', request.params));
  if (request?.body !== undefined) {
    const json = validated('json', request.body.content['application/json'].schema);
    // A body that may be left out: without one (no JSON Content-Type), the input is {}.
    const optionalJson: MiddlewareHandler = async (c, next) => {
      if (isJson(c.req.header('content-type') ?? '')) return json(c, next);
      c.req.addValidatedData('json', {});
      await next();
    };
    found.push(jsonBodyOnly, request.body.required ? json : optionalJson);
  }
  return found;
}

// ---------------------------------------------------------------- what they share

/** A link's secret token as `Authorization: Bearer <token>` (the scheme `bearer`, app.ts). */
export const security = [{ bearer: [] }];

/** Anyone may call it: no token, or one that travels elsewhere (the overview's body, oEmbed's link). */
export const PUBLIC: [] = [];

export const json = <T extends z.ZodMiniType>(schema: T) => ({ content: { 'application/json': { schema } } });

export const TableParams = z.object({ id: doc(z.string(), OPENAPI_PROSE && { param: { name: 'id', in: 'path' }, example: 'k3h8q2m5x7c9v4b6' }) });

/** Every 429 says when to try again (routes/chain.ts, the chat's own limit). */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer' as const, minimum: 1 } },
};

/** A refusal with its own description. */
export const refusal = (status: number, description: string) => ({
  description,
  ...json(ErrorSchema),
  ...(status === 429 ? { headers: RETRY_AFTER } : {}),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'bad_request: malformed or invalid body',
  401: 'unauthorized: no or malformed `Authorization: Bearer <token>`',
  403: "forbidden: the token is not one of this table's, or a spectator tried to act",
  404: 'not_found: no such table',
  409:
    "stale_version: `version` is not the current version (a seat's first `double` in the doubling window is taken with any version since the deal); id_reused: this seat used the action `id` before for a different action; " +
    "paused: the table's admin paused the table; table_ended: the admin ended it; conflict: the admin's command does not fit the table now; a version only refused claims (R7.12) followed is not stale",
  413: 'payload_too_large: the body is over 64 KB',
  415: 'unsupported_media_type: the body must be application/json',
  422: 'illegal_action or not_your_turn: the rules forbid it; the message names the rule. A claim judged not sure (R7.12) is recorded all the same (the version went up, every view shows it refused)',
  426: 'upgrade_required: this endpoint speaks WebSocket only',
  429: 'rate_limited: too many requests; retry after the Retry-After seconds',
  503: 'not_configured: the server lacks its TOKEN_SECRET (an operator must set it)',
};

/** The refusals of these statuses, each with its usual description. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, refusal(status, ERROR_TEXT[status] ?? 'Error')]));
