/**
 * The OpenAPI document as /api/openapi.json and /api/docs serve it: the one made at build time
 * (document.ts) and kept with the static assets at OPENAPI_ASSET, with the origin it is read
 * from as its one server. Under /api/, where the Worker runs first (wrangler.toml [assets]):
 * nobody reads the asset but through this.
 */

/** Where the build puts the document among the static assets (web/public/api/openapi.json, copied into the build). */
export const OPENAPI_ASSET = '/api/openapi.json';

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

async function readBuilt(env: Env, url: string): Promise<OpenApiDocument> {
  const response = await env.ASSETS.fetch(new URL(OPENAPI_ASSET, url));
  // A build without it would answer the web app's page (the assets' single-page fallback).
  if (!response.ok || !/json/.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`the OpenAPI document is not among the static assets at ${OPENAPI_ASSET} (${response.status}): build with npm run build`);
  }
  return response.json();
}

/** The document as served at `url`: with that URL's origin. */
export async function documentAt(env: Env, url: string): Promise<OpenApiDocument> {
  built ??= readBuilt(env, url).catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return withServer(await built, new URL(url).origin);
}
