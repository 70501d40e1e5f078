/**
 * `npm run api:document` (run by `npm run build` and `npm start` before the web app is built):
 * writes the OpenAPI document that worker/docs/document.ts makes from the routes and their
 * schemas to web/public/api/openapi.json, and the reference page rendered from it
 * (worker/docs/page.ts) to web/public/api/docs.html, which every build copies into the static
 * assets and the Worker serves (worker/routes/served-document.ts). `--print` writes the document to
 * stdout instead (test/api-doc/openapi-built.test.ts compares it with the file, which is
 * committed, as the page is).
 *
 * The schemas are written for zod's mini build, which the Worker validates with; here
 * `zod/mini` resolves to worker/docs/zod-full.ts (zod's full build with zod-to-openapi),
 * through the hook registered first.
 */
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { DOCS_PAGE_FILE, docsPageText, OPENAPI_FILE } from './openapi-file.js';

register('./openapi-zod-full.mjs', import.meta.url);
// What only the document says is part of it here (worker/env.d.ts); before the routes load.
Object.assign(globalThis, { OPENAPI_PROSE: true });

const { openApiDocument } = await import('../../worker/docs/document.js');
const document = openApiDocument();
const text = `${JSON.stringify(document, null, 2)}\n`;

if (process.argv.includes('--print')) process.stdout.write(text);
else {
  writeFileSync(OPENAPI_FILE, text);
  writeFileSync(DOCS_PAGE_FILE, await docsPageText(document));
  console.log(`wrote ${OPENAPI_FILE} and ${DOCS_PAGE_FILE}`);
}
