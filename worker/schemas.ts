/**
 * Request and response schemas of the public API (API.md), one module per resource in
 * schemas/. They validate bodies at the edge and generate the OpenAPI document
 * (/api/openapi.json). The rules themselves are checked by the engine, never here.
 *
 * What reaches the document as it is meant: an array of a fixed length says `.min(n).max(n)`
 * (the generator leaves `.length(n)` out); a named schema that may be null is `orNull(…)`,
 * one with a description of its own where it is used `described(…)`.
 */

export * from './schemas/common.js';
export * from './schemas/tables.js';
export * from './schemas/actions.js';
export * from './schemas/seat-settings.js';
export * from './schemas/view.js';
export * from './schemas/games.js';
export * from './schemas/webhook.js';
export * from './schemas/chat.js';
