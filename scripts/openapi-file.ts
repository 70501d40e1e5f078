/**
 * The OpenAPI document as the build made it (scripts/openapi-document.ts): the file in the web
 * app's static files, and the document read from it as the Worker serves it from `origin`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_ASSET, withServer, type OpenApiDocument } from '../worker/openapi/served.js';

export const OPENAPI_FILE = fileURLToPath(new URL(`../web/public${OPENAPI_ASSET}`, import.meta.url));

/** The built document as /api/openapi.json answers it at `origin`. */
export const builtDocument = (origin: string): OpenApiDocument => withServer(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), origin);
