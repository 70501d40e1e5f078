/**
 * The OpenAPI document as /api/openapi.json serves it: the one made at build time
 * (document.ts) and kept with the static assets at OPENAPI_ASSET, with the origin it is read
 * from as its one server; and /api/docs, the page rendered from it at build time (worker/docs/page.ts,
 * scripts/build/openapi-document.ts), at DOCS_PAGE_ASSET. Under /api/, where the Worker runs first
 * (wrangler.toml [assets]): nobody reads the assets but through this.
 */

/** Where the build puts the document among the static assets (web/public/api/openapi.json, copied into the build). */
export const OPENAPI_ASSET = '/api/openapi.json';

/** Where the build puts the reference page, /api/docs, among the static assets (web/public/api/docs.html). */
export const DOCS_PAGE_ASSET = '/api/docs.html';

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly [part: string]: unknown;
}

/** The document with `origin` as its one server, placed after its info as a generator writes it. */
export function withServer({ openapi, info, ...rest }: OpenApiDocument, origin: string): OpenApiDocument {
  return { openapi, info, servers: [{ url: origin, description: 'This server' }], ...rest };
}

// It never changes while this code runs: read once per isolate.
let built: Promise<OpenApiDocument> | undefined;

/** A file the build made, from the static assets; `type`: its content type must hold it. */
async function builtAsset(env: Env, url: string, path: string, type: RegExp): Promise<Response> {
  const response = await env.ASSETS.fetch(new URL(path, url));
  // A build without it would answer the web app's page (the assets' single-page fallback).
  if (!response.ok || !type.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`${path} is not among the static assets (${response.status}): build with npm run build`);
  }
  return response;
}

const readBuilt = async (env: Env, url: string): Promise<OpenApiDocument> => (await builtAsset(env, url, OPENAPI_ASSET, /json/)).json();

/** The reference page, as the build rendered it from the document (it names no server). */
export const docsPageAt = async (env: Env, url: string): Promise<string> => (await builtAsset(env, url, DOCS_PAGE_ASSET, /html/)).text();

/** The document as served at `url`: with that URL's origin. */
export async function documentAt(env: Env, url: string): Promise<OpenApiDocument> {
  built ??= readBuilt(env, url).catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return withServer(await built, new URL(url).origin);
}
