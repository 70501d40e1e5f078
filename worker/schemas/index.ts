/**
 * Request and response schemas of the public API (API.md), one module per resource in
 * schemas/, written for zod's mini build (schemas/common.ts). They validate requests at the
 * edge and make the OpenAPI document at build time (/api/openapi.json, worker/docs/). The
 * rules themselves are checked by the engine, never here.
 *
 * What reaches the document as it is meant: an array of a fixed length checks
 * `z.minLength(n), z.maxLength(n)` (the generator leaves `z.length(n)` out); a whole number is
 * `int(…)`; what the document says of a schema (its name, a description) is `doc(…)`; a named
 * schema that may be null is `orNull(…)`, one with a description of its own where it is used
 * `described(…)`.
 */

export * from './common.js';
export * from './tables.js';
export * from './actions.js';
export * from './seat-settings.js';
export * from './view.js';
export * from './games.js';
export * from './webhook.js';
export * from './chat.js';
