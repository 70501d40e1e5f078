/**
 * The OpenAPI document as the build made it (scripts/build/openapi-document.ts): the file in the web
 * app's static files, and the document read from it as the Worker serves it from `origin`;
 * and the reference page /api/docs rendered from it (worker/docs/page.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docsPage } from '../../worker/docs/page.js';
import { DOCS_PAGE_ASSET, OPENAPI_ASSET, withServer, type OpenApiDocument } from '../../worker/routes/served-document.js';

export const OPENAPI_FILE = fileURLToPath(new URL(`../../web/public${OPENAPI_ASSET}`, import.meta.url));
export const DOCS_PAGE_FILE = fileURLToPath(new URL(`../../web/public${DOCS_PAGE_ASSET}`, import.meta.url));

/** The page /api/docs serves, rendered from `document` (rendered here, not in the Worker: its bundle stays small). */
export const docsPageText = async (document: object): Promise<string> => `${String(await docsPage(document))}\n`;

/** The built document as /api/openapi.json answers it at `origin`. */
export const builtDocument = (origin: string): OpenApiDocument => withServer(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), origin);
