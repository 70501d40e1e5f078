/**
 * oEmbed discovery (API.md "Embedding") on a spectator's table page: a
 * `<link rel="alternate" type="application/json+oembed">` naming /oembed for this link.
 *
 * Honestly, of limited use: a link's token is in its fragment, which no server is sent, so
 * our server's HTML cannot carry it, and a CMS reading the HTML finds nothing. Only a
 * consumer that runs the page's script (a browser extension, a headless fetcher) sees it.
 * A CMS embeds a pasted link by itself when it knows our /oembed endpoint as a provider, and
 * sends the whole pasted link, fragment included. Never for a seat: its token must not reach
 * another site's server.
 */
import { useEffect } from 'preact/hooks';

/** Announces the link while mounted; a part of the table page loaded after its first cards (table/later-parts.ts). */
export function OembedDiscovery({ tableId, token }: { tableId: string; token: string }): null {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/json+oembed';
    const url = `${location.origin}/t/${encodeURIComponent(tableId)}#${encodeURIComponent(token)}`;
    link.href = `${location.origin}/oembed?url=${encodeURIComponent(url)}&format=json`;
    link.title = 'oEmbed';
    link.setAttribute('data-oembed', '');
    document.head.appendChild(link);
    return () => link.remove();
  }, [tableId, token]);
  return null;
}
