/**
 * What a handler answers from its table: the value of an Outcome (or its refusal, thrown), a
 * value the table publishes, a view it made as text; each typed as the route's answer.
 */
import type { z } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { ApiError } from '../errors.js';
import type { ViewSchema } from '../schemas.js';
import type { Outcome } from '../table/outcome.js';

/**
 * The seconds a 429 of the table says to wait: every limit the table keeps itself and answers
 * through an Outcome counts per minute (a seat's chat messages, table/chat.ts).
 */
export const TABLE_RETRY_AFTER_SECONDS = 60;

/** The value of a table's answer, or its refusal thrown (answered by onError in app.ts). */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.status === 429) throw new ApiError(429, 'rate_limited', outcome.message, TABLE_RETRY_AFTER_SECONDS);
  throw new ApiError(outcome.status, outcome.code, outcome.message);
}

/** A route's JSON answer of the shape `S` documents, as zod-openapi types a handler's answer. */
export type JsonAnswer<S extends z.ZodType, U extends 200 | 201> = Response & TypedResponse<JSONParsed<z.infer<S>>, U, 'json'>;

/** `T` as JSON carries it: a readonly array or field is the same answer as a mutable one. */
type Wire<T> = T extends readonly (infer U)[] ? readonly Wire<U>[] : T extends object ? { readonly [K in keyof T]: Wire<T[K]> } : T;

/**
 * The one place an answer is typed as the route's: the callers below make sure it is one. The
 * openapi-answers test validates every answer sent against the document, these included.
 */
const typedAs = <S extends z.ZodType, U extends 200 | 201>(response: Response): JsonAnswer<S, U> => response as JsonAnswer<S, U>;

/**
 * `value` answered as the shape `schema` documents. It must be that shape but for readonly:
 * the API's types (contract.ts, table/published.ts) are readonly, which JSON does not carry.
 */
export function answerAs<S extends z.ZodType, U extends 200 | 201>(c: Context, _schema: S, value: Wire<z.infer<S>>, status: U): JsonAnswer<S, U> {
  return typedAs<S, U>(c.json(value, status));
}

/**
 * A view the table built as JSON text (table/published.ts), passed on as it is: parsing it to
 * serialize it again would cost every view answered. Typed as the View that ViewSchema
 * documents, which the table built it as.
 */
export function viewAnswer(c: Context, text: string): JsonAnswer<typeof ViewSchema, 200> {
  return typedAs<typeof ViewSchema, 200>(c.body(text, 200, { 'content-type': 'application/json' }));
}
