/**
 * The links of every mail (API.md, "Mail"): confirm an address for one table, unsubscribe it
 * from all.
 *
 *   GET  /api/mail/confirm/{key}.{tableId}.{sig}  a page with a button; confirms nothing (mail scanners open links)
 *   POST /api/mail/confirm/{key}.{tableId}.{sig}  the button: confirms that table, which then mails what its seats owe now
 *   GET  /api/mail/unsubscribe/{key}.{sig}        a page with a button
 *   POST /api/mail/unsubscribe/{key}.{sig}        unsubscribes at once: the button, or a mail program's
 *                                                 one-click (RFC 8058, body `List-Unsubscribe=One-Click`)
 *
 * The sig (links.ts) is the only authority: whoever got a mail has it, nobody else can make
 * it. A confirm link of before confirmations were per table (`{key}.{sig}`) is answered 410:
 * it names no table, so it confirms none. Under /api/ because the Worker runs first only
 * there (wrangler.toml [assets]).
 */
import { Hono } from 'hono/tiny';
import * as z from 'zod/mini';
import type { Context, MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './app-env.js';
import { addressStub } from '../notifications/mail/address.js';
import { reasonOf } from '../model/log-reasons.js';
import { targetOfLink, type LinkPurpose, type LinkTarget } from '../notifications/mail/links.js';
import {
  confirmedPage,
  confirmPage,
  invalidLinkPage,
  notConfiguredPage,
  outdatedLinkPage,
  pagePolicy,
  unsubscribedPage,
  unsubscribePage,
} from '../notifications/mail/pages.js';
import { tokenKey } from '../model/tokens.js';
import { doc, ErrorSchema } from '../schemas/index.js';
import { tableStub } from './chain.js';
import { errors, json, PUBLIC, defineRoute, openapi } from './documented.js';

export const mail = new Hono<AppEnv>();

async function html(c: Context<AppEnv>, body: string, status: ContentfulStatusCode = 200): Promise<Response> {
  c.header('Content-Security-Policy', await pagePolicy());
  // The URL is a secret of the address's owner: kept by no cache.
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  return c.html(body, status);
}

/**
 * What the link in the path names (the address's key, and for a confirm link its table),
 * checked against its sig with the key of this origin (tokens.ts); or the page that refuses:
 * 404 for what is no link, 403 for a forged one, 410 for a confirm link of before.
 */
async function targetOf(c: Context<AppEnv>, purpose: LinkPurpose): Promise<LinkTarget | { response: Response }> {
  const secret = tokenKey(c.env, new URL(c.req.url).origin);
  if (!secret.ok) {
    console.error(`a mail link could not be checked: ${secret.message}`);
    return { response: await html(c, notConfiguredPage(), 503) };
  }
  const found = await targetOfLink(secret.secret, purpose, c.req.param('link') ?? '');
  if (found === 'malformed') return { response: await html(c, invalidLinkPage(), 404) };
  if (found === 'forged') return { response: await html(c, invalidLinkPage(), 403) };
  if (found === 'outdated') return { response: await html(c, outdatedLinkPage(), 410) };
  return found;
}

/** The form of the confirm page posts from our own origin: other sites may not post it (CSRF). */
const sameOrigin = csrf();

/**
 * The one-click unsubscribe is posted by mail providers' servers, which send no Origin: it
 * goes through. A browser always sends one with a form, and then it must be ours. Only
 * unsubscribing is open so: the worst a stranger holding the link could do is stop mail.
 */
const sameOriginUnlessServer: MiddlewareHandler<AppEnv> = (c, next) => (c.req.header('origin') === undefined ? next() : sameOrigin(c, next));

// ---------------------------------------------------------------- the document: pages, not JSON

const page = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const LinkParams = (example: string) =>
  z.object({
    link: doc(
      z.string(),
      OPENAPI_PROSE && {
        param: { name: 'link', in: 'path' },
        description: "The last segment of the mail's link, as the mail gives it",
        example,
      },
    ),
  });
const CONFIRM_LINK = LinkParams('<key>.k3h8q2m5x7c9v4b6.<sig>');
const UNSUBSCRIBE_LINK = LinkParams('<key>.<sig>');

/** What every mail link answers when it is not one: HTML, since a person opened it. */
const refusedPages = {
  403: { description: 'A forged link (its sig does not match)', content: { 'text/html': { schema: z.string() } } },
  404: page('Not a link of a mail'),
  503: page('not_configured: the server lacks its TOKEN_SECRET (an operator must set it)'),
};

/** A form posted from another site is refused by hono's csrf, with the API's error. */
const crossSite = {
  description: "A forged link (a page, text/html), or a form posted from another site than this server's (the API's error)",
  content: { 'text/html': { schema: z.string() }, ...json(ErrorSchema).content },
};

openapi(
  mail,
  defineRoute({
    method: 'get',
    path: '/api/mail/confirm/{link}',
    operationId: 'confirmPage',
    ...(OPENAPI_PROSE && {
      summary: "A table's confirm link: the page",
      description:
        "The link of a table's confirmation mail (`{key}.{tableId}.{sig}`): a page with a button, which confirms. Opening it confirms nothing (mail scanners open every link). " +
        'A confirm link of before confirmations were per table (`{key}.{sig}`) names no table: 410.',
    }),
    security: PUBLIC,
    request: { params: CONFIRM_LINK },
    responses: {
      200: page('The page with the button'),
      ...refusedPages,
      410: page('A confirm link of before confirmations were per table: it confirms nothing'),
    },
  }),
  async (c) => {
    const found = await targetOf(c, 'confirm');
    if ('response' in found) return found.response;
    return html(c, confirmPage(c.req.path));
  },
);

openapi(
  mail,
  defineRoute({
    method: 'post',
    path: '/api/mail/confirm/{link}',
    operationId: 'confirmAddress',
    ...(OPENAPI_PROSE && {
      summary: "A table's confirm link: the button",
      description:
        "The confirm page's button, posted from this server's page (another site's form: 403): the address confirms that table, which then mails what its seats with the address owe now. " +
        'The body is not read.',
    }),
    middleware: [sameOrigin],
    security: PUBLIC,
    request: { params: CONFIRM_LINK },
    responses: {
      200: page('Confirmed'),
      ...refusedPages,
      403: crossSite,
      410: page('A confirm link of before confirmations were per table: it confirms nothing'),
      413: errors(413)[413]!,
    },
  }),
  async (c) => {
    const found = await targetOf(c, 'confirm');
    if ('response' in found) return found.response;
    const tableId = found.tableId!;
    await addressStub(c.env, found.key).confirm({ tableId });
    // The table mails what its seats with this address owe now: best effort, the confirmation holds either way.
    await tableStub(c.env, tableId)
      .addressConfirmed(found.key)
      .catch((error: unknown) => console.warn(`table ${tableId} could not be told of a confirmation: ${reasonOf(error)}`));
    return html(c, confirmedPage());
  },
);

openapi(
  mail,
  defineRoute({
    method: 'get',
    path: '/api/mail/unsubscribe/{link}',
    operationId: 'unsubscribePage',
    ...(OPENAPI_PROSE && {
      summary: 'The unsubscribe link: the page',
      description: "The link at the end of every mail (`{key}.{sig}`): a page with a button, which unsubscribes the address from every table's mail.",
    }),
    security: PUBLIC,
    request: { params: UNSUBSCRIBE_LINK },
    responses: { 200: page('The page with the button'), ...refusedPages },
  }),
  async (c) => {
    const found = await targetOf(c, 'unsubscribe');
    if ('response' in found) return found.response;
    return html(c, unsubscribePage(c.req.path));
  },
);

openapi(
  mail,
  defineRoute({
    method: 'post',
    path: '/api/mail/unsubscribe/{link}',
    operationId: 'unsubscribe',
    ...(OPENAPI_PROSE && {
      summary: 'The unsubscribe link: one click',
      description:
        "Unsubscribes the address from every table at once: the page's button, or a mail program's one-click POST (RFC 8058: `List-Unsubscribe-Post: List-Unsubscribe=One-Click` " +
        "in every mail's headers; sent without Origin, it needs none). A form posted from another site: 403. The body is not read.",
    }),
    middleware: [sameOriginUnlessServer],
    security: PUBLIC,
    request: { params: UNSUBSCRIBE_LINK },
    responses: { 200: page('Unsubscribed'), ...refusedPages, 403: crossSite, 413: errors(413)[413]! },
  }),
  async (c) => {
    const found = await targetOf(c, 'unsubscribe');
    if ('response' in found) return found.response;
    await addressStub(c.env, found.key).unsubscribe();
    return html(c, unsubscribedPage());
  },
);
