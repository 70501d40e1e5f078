/**
 * Request and response schemas of the public API (API.md), one module per resource in
 * schemas/, written for zod's mini build (schemas/common.ts). They validate requests at the
 * edge and make the OpenAPI document at build time (/api/openapi.json, worker/openapi/). The
 * rules themselves are checked by the engine, never here.
 *
 * What reaches the document as it is meant: an array of a fixed length checks
 * `z.minLength(n), z.maxLength(n)` (the generator leaves `z.length(n)` out); a whole number is
 * `int(…)`; what the document says of a schema (its name, a description) is `doc(…)`; a named
 * schema that may be null is `orNull(…)`, one with a description of its own where it is used
 * `described(…)`.
 */

export * from './schemas/common.js';
export * from './schemas/tables.js';
export * from './schemas/actions.js';
export * from './schemas/seat-settings.js';
export * from './schemas/view.js';
export * from './schemas/games.js';
export * from './schemas/webhook.js';
export * from './schemas/chat.js';
