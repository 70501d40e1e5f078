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
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app.js';
import { addressStub } from '../mail/address.js';
import { reasonOf } from '../log-reasons.js';
import { targetOfLink, type LinkPurpose, type LinkTarget } from '../mail/links.js';
import {
  confirmedPage,
  confirmPage,
  invalidLinkPage,
  notConfiguredPage,
  outdatedLinkPage,
  pagePolicy,
  unsubscribedPage,
  unsubscribePage,
} from '../mail/pages.js';
import { tokenKey } from '../table/tokens.js';

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

mail.get('/api/mail/confirm/:link', async (c) => {
  const found = await targetOf(c, 'confirm');
  if ('response' in found) return found.response;
  return html(c, confirmPage(c.req.path));
});

mail.post('/api/mail/confirm/:link', sameOrigin, async (c) => {
  const found = await targetOf(c, 'confirm');
  if ('response' in found) return found.response;
  const tableId = found.tableId!;
  await addressStub(c.env, found.key).confirm({ tableId });
  // The table mails what its seats with this address owe now: best effort, the confirmation holds either way.
  await c.env.TABLES.get(c.env.TABLES.idFromName(tableId))
    .addressConfirmed(found.key)
    .catch((error: unknown) => console.warn(`table ${tableId} could not be told of a confirmation: ${reasonOf(error)}`));
  return html(c, confirmedPage());
});

mail.get('/api/mail/unsubscribe/:link', async (c) => {
  const found = await targetOf(c, 'unsubscribe');
  if ('response' in found) return found.response;
  return html(c, unsubscribePage(c.req.path));
});

mail.post('/api/mail/unsubscribe/:link', sameOriginUnlessServer, async (c) => {
  const found = await targetOf(c, 'unsubscribe');
  if ('response' in found) return found.response;
  await addressStub(c.env, found.key).unsubscribe();
  return html(c, unsubscribedPage());
});
