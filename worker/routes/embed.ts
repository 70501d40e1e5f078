/**
 * What the Worker answers outside the API for embedding (API.md "Embedding"): the embed
 * pages, whose `frame-ancestors` depends on the table and on the path, and the oEmbed
 * endpoint. wrangler.toml runs the Worker first for /embed/* and /oembed.
 *
 * The embed pages are the web app's static page (env.ASSETS); only their policy is the
 * Worker's. The token is in the fragment, which never reaches us: the path alone says what
 * is served. /embed/{id}/seat: a seat's page, which can act, framed only by the origins the
 * admin listed (clickjacking); /embed/{id}: a spectator's, framed by anyone unless the admin
 * said no.
 */
import { Hono } from 'hono/tiny';
import * as z from 'zod/mini';
import { doc, int } from '../schemas/index.js';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import type { EmbedPolicy } from '../model/contract.js';
import { ApiError } from '../model/errors.js';
import { READS, tableStub, limited } from './chain.js';
import { DEFAULT_EMBED_POLICY } from '../storage/embed-rows.js';
import { hashToken, TABLE_ID_PATTERN, TOKEN_PATTERN } from '../model/tokens.js';
import { errors, json, PUBLIC, refusal, defineRoute, openapi } from './documented.js';

export const embed = new Hono<AppEnv>();

/** The static pages' policy (web/public/_headers, rule /*) when the asset answer lacks it; its frame-ancestors is replaced. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const EMBED_PATH = /^\/embed\/([A-Za-z0-9_-]{1,64})(\/seat)?\/?$/;

/** The frame-ancestors sources for an embed page's path: a seat's only where listed, a spectator's anywhere unless refused. */
export function frameAncestorsOf(policy: EmbedPolicy, seat: boolean): string {
  if (seat) return policy.frameOrigins.length === 0 ? "'none'" : policy.frameOrigins.join(' ');
  return policy.spectatorEmbeds ? '*' : "'none'";
}

/** `policy` with its frame-ancestors directive set to `sources` (added when missing). */
export function withFrameAncestors(policy: string, sources: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^frame-ancestors(\s|$)/i.test(d));
  return [...directives, `frame-ancestors ${sources}`].join('; ');
}

async function embedPolicyOf(env: Env, tableId: string): Promise<EmbedPolicy | null> {
  // An id that cannot be a table's gets what an unknown table gets (the default): no object is woken for it.
  if (!TABLE_ID_PATTERN.test(tableId)) return DEFAULT_EMBED_POLICY;
  try {
    return await tableStub(env, tableId).embedPolicy();
  } catch (error) {
    console.warn(`embed page of ${tableId}: the table's policy could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

embed.get('/embed/*', async (c) => {
  const match = EMBED_PATH.exec(c.req.path);
  const assets = await c.env.ASSETS.fetch(c.req.raw);
  const response = new Response(assets.body, assets);
  let sources = "'none'";
  if (match) {
    // Not read: fail closed, the frame stays empty rather than framable by anyone.
    const policy = await embedPolicyOf(c.env, match[1]!);
    if (policy !== null) sources = frameAncestorsOf(policy, match[2] !== undefined);
  }
  // Set, never appended: a second policy would be enforced too (both must allow the frame).
  response.headers.set('Content-Security-Policy', withFrameAncestors(assets.headers.get('Content-Security-Policy') ?? PAGE_POLICY, sources));
  // The policy differs per table and changes when the admin changes it: never kept by a shared cache.
  response.headers.set('Cache-Control', 'private, no-cache');
  return response;
});

// ---------------------------------------------------------------- GET /oembed

/** The frame an oEmbed consumer is offered: 480×480, or smaller down to the compact table's smallest box, 320×320 (API.md "Embedding"). */
export const OEMBED_SIZE = { width: 480, height: 480, minWidth: 320, minHeight: 320 } as const;

/** A consumer's maxwidth or maxheight (oEmbed 2.2): the largest frame it can show that way. */
const largestFrame = (side: 'width' | 'height', least: number) =>
  doc(
    z.optional(z.coerce.number().check(z.int(), z.gte(1))),
    OPENAPI_PROSE && {
      type: 'integer',
      description: `The largest ${side} of frame the consumer can show: the answer's ${side} is at most this; below ${least} no table fits (501)`,
    },
  );

const OembedQuery = z.object({
  url: doc(
    z.string().check(z.maxLength(2000)),
    OPENAPI_PROSE && {
      description: "A spectator's link of a table, as pasted: the token in its fragment",
      example: 'https://wallachen.example/t/k3h8q2m5x7c9v4b6#<spectator token>',
    },
  ),
  format: doc(z.optional(z.string()), OPENAPI_PROSE && { description: 'json (the default); xml answers 501' }),
  maxwidth: largestFrame('width', OEMBED_SIZE.minWidth),
  maxheight: largestFrame('height', OEMBED_SIZE.minHeight),
});

const OembedSchema = doc(
  z.object({
    version: z.literal('1.0'),
    type: z.literal('rich'),
    provider_name: z.string(),
    provider_url: z.string(),
    title: z.string(),
    html: doc(z.string(), OPENAPI_PROSE && { description: 'An <iframe> of the embed page /embed/{id}#<spectator token>' }),
    width: int(),
    height: int(),
    cache_age: int(),
  }),
  'OEmbed',
);

/** A consumer's page may ask from any site: every answer says so, a refusal too. */
const anyOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Access-Control-Allow-Origin', '*');
  await next();
};

const getOembed = defineRoute({
  method: 'get',
  path: '/oembed',
  operationId: 'getOembed',
  ...(OPENAPI_PROSE && {
    summary: "oEmbed for a spectator's link",
    description:
      "oEmbed 1.0 (https://oembed.com) for a table's spectator link, so that a CMS that knows oEmbed embeds a pasted link by itself: a `rich` answer whose " +
      "html is an iframe of /embed/{id}#<token>. The token is in the link's fragment, which the CMS sends as pasted. A seat's (or the admin's) link is refused with 400: " +
      "its token must never reach a third party's server, let alone its HTML. Unknown table or token: 404; the table's admin does not allow spectator embeds: 401. " +
      `The frame is ${OEMBED_SIZE.width}×${OEMBED_SIZE.height}, or as large as \`maxwidth\` and \`maxheight\` allow; the table needs at least ${OEMBED_SIZE.minWidth}×${OEMBED_SIZE.minHeight}, ` +
      'so a smaller maximum is answered 501, as a format that is not offered: only format=json (xml: 501). Counted on the read limit per client.',
  }),
  security: PUBLIC,
  middleware: [anyOrigin],
  request: { query: OembedQuery },
  responses: {
    200: { description: 'The oEmbed object', ...json(OembedSchema) },
    ...errors(400, 401, 404, 429),
    501: refusal(
      501,
      `not_implemented: a format other than json, or a maxwidth or maxheight below the table's smallest frame (${OEMBED_SIZE.minWidth}×${OEMBED_SIZE.minHeight})`,
    ),
  },
});

/** A percent-encoded text decoded; null for a malformed encoding (a "%" without two hex digits, bytes that are not UTF-8). */
function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

openapi(
  embed,
  getOembed,
  limited(getOembed, { limit: READS }, async (c) => {
    const query = c.req.valid('query');
    if (query.format !== undefined && query.format !== 'json') {
      throw new ApiError(501, 'not_implemented', `format ${JSON.stringify(query.format.slice(0, 20))} is not offered: use format=json`);
    }
    const origin = new URL(c.req.url).origin;
    let pasted: URL;
    try {
      pasted = new URL(query.url);
    } catch {
      throw new ApiError(404, 'not_found', 'not a link of this server');
    }
    const path = /^\/(?:t|embed|admin)\/([a-z2-9]{16})(\/seat)?\/?$/.exec(pasted.pathname);
    const token = decodedOrNull(pasted.hash.replace(/^#/, ''));
    if (pasted.origin !== origin || path === null || token === null || !TOKEN_PATTERN.test(token))
      throw new ApiError(404, 'not_found', "not a table's link of this server");
    const tableId = path[1]!;
    const link = await tableStub(c.env, tableId).linkKind(await hashToken(token));
    if (!link.ok) throw new ApiError(404, 'not_found', 'no such table, or not one of its links');
    if (link.value.kind === 'seat')
      throw new ApiError(400, 'bad_request', "a seat's link must not be pasted into other sites: use the table's spectator link");
    if (link.value.kind === 'admin') throw new ApiError(400, 'bad_request', "the admin's link must not be pasted into other sites");
    if (!link.value.spectatorEmbeds) throw new ApiError(401, 'unauthorized', "the table's admin does not allow embedding it");
    // The consumer's maximum is a promise to respect (oEmbed 2.2): the table never grows past it, and where it cannot shrink that far there is no answer to give.
    const width = Math.min(OEMBED_SIZE.width, query.maxwidth ?? OEMBED_SIZE.width);
    const height = Math.min(OEMBED_SIZE.height, query.maxheight ?? OEMBED_SIZE.height);
    if (width < OEMBED_SIZE.minWidth || height < OEMBED_SIZE.minHeight) {
      throw new ApiError(
        501,
        'not_implemented',
        `the table needs a frame of at least ${OEMBED_SIZE.minWidth}×${OEMBED_SIZE.minHeight} pixels; maxwidth ${width} and maxheight ${height} leave less`,
      );
    }
    const src = `${origin}/embed/${tableId}#${token}`;
    const title = link.value.name;
    const html =
      `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(title)}" ` +
      'style="border:0;max-width:100%" loading="lazy" referrerpolicy="no-referrer"></iframe>';
    return c.json(
      {
        version: '1.0' as const,
        type: 'rich' as const,
        provider_name: 'Wallachen online',
        provider_url: origin,
        title,
        html,
        width,
        height,
        cache_age: 3600,
      },
      200,
    );
  }),
);
