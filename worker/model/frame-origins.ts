/**
 * The origins a table's admin lets frame its seat embeds (API.md "Embedding", option
 * `frameOrigins`): each becomes a source of the seat embed page's `frame-ancestors`, so it
 * must be exactly an origin — no path, no wildcard, nothing a CSP source list would read as
 * more than one site.
 */
import { isLoopbackOrigin } from './tokens.js';

/** Most origins one table lists (docs/security.md). */
export const MAX_FRAME_ORIGINS = 10;

/** A host name as DNS spells one (after URL parsing: lower case, punycode), or an IPv4 or bracketed IPv6 address. */
const HOST = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])$/;

export type FrameOrigins = { readonly ok: true; readonly origins: string[] } | { readonly ok: false; readonly message: string };

/** One origin, normalised ("HTTPS://Club.Example:443/" → "https://club.example"), or why it is refused. */
export function frameOriginOf(text: string, allowLocal: boolean): { origin: string } | { refusal: string } {
  const quoted = JSON.stringify(text.slice(0, 80));
  if (/[*\s;,'"]/.test(text)) return { refusal: `${quoted} is not an origin: no wildcards, spaces, commas or quotes` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refusal: `${quoted} is not an origin such as https://club.example` };
  }
  if (url.username !== '' || url.password !== '') return { refusal: `${quoted}: an origin has no user name or password` };
  // Only a bare origin: "/" is what URL makes of none. A query or fragment would be a path too.
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    return { refusal: `${quoted}: give the origin only (scheme, host and port), no path` };
  }
  if (url.protocol === 'http:') {
    if (!(allowLocal && isLoopbackOrigin(url.origin))) return { refusal: `${quoted}: https only (http only for this machine in local development)` };
  } else if (url.protocol !== 'https:') {
    return { refusal: `${quoted}: https only` };
  }
  if (!HOST.test(url.hostname)) return { refusal: `${quoted}: not a host name` };
  return { origin: url.origin };
}

/** The admin's list, normalised and without repeats, or the first refusal. `allowLocal`: ALLOW_LOCAL_WEBHOOKS=on. */
export function frameOriginsOf(list: readonly string[], allowLocal: boolean): FrameOrigins {
  const origins: string[] = [];
  for (const text of list) {
    const one = frameOriginOf(text, allowLocal);
    if ('refusal' in one) return { ok: false, message: `frameOrigins: ${one.refusal}` };
    if (!origins.includes(one.origin)) origins.push(one.origin);
  }
  if (origins.length > MAX_FRAME_ORIGINS) return { ok: false, message: `frameOrigins: at most ${MAX_FRAME_ORIGINS} origins` };
  return { ok: true, origins };
}
