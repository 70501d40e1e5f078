/**
 * The app's pages by path. A seat's token is never part of a route: it stays in the
 * fragment (#token), which browsers do not send to any server.
 */
export type Route =
  | { readonly page: 'create' }
  | { readonly page: 'rules' }
  | { readonly page: 'table'; readonly tableId: string }
  | { readonly page: 'replay'; readonly tableId: string; readonly dealIndex: number }
  /** The table that other sites may frame (API.md "Embedding"): a spectator's, or with `seat` a seat's, playable. */
  | { readonly page: 'embed'; readonly tableId: string; readonly seat: boolean }
  /** How to embed a table: snippets for /embed.js, the events, who may frame what. */
  | { readonly page: 'embedDocs' }
  /** The table admin's page (API.md "Table admin"): the admin token in the fragment. */
  | { readonly page: 'admin'; readonly tableId: string }
  | { readonly page: 'notFound' };

export function routeOf(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'create' };
  if (pathname === '/rules') return { page: 'rules' };
  const table = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  if (table) return { page: 'table', tableId: table[1]! };
  const replay = /^\/t\/([A-Za-z0-9_-]{1,64})\/replay\/(\d{1,6})$/.exec(pathname);
  if (replay) return { page: 'replay', tableId: replay[1]!, dealIndex: Number(replay[2]) };
  if (pathname === '/embed' || pathname === '/embed/') return { page: 'embedDocs' };
  const embed = /^\/embed\/([A-Za-z0-9_-]{1,64})(\/seat)?\/?$/.exec(pathname);
  if (embed) return { page: 'embed', tableId: embed[1]!, seat: embed[2] !== undefined };
  const admin = /^\/admin\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  if (admin) return { page: 'admin', tableId: admin[1]! };
  return { page: 'notFound' };
}

/**
 * The embeddable page of a spectator link: `…/t/{id}#token` → `…/embed/{id}#token` (the
 * token stays in the fragment). Anything else comes back as it is: the share screen must
 * render even for a link saved in another shape.
 */
export function embedUrlOf(link: string): string {
  const url = new URL(link);
  const table = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname);
  if (!table) return link;
  return `${url.origin}/embed/${table[1]!}${url.hash}`;
}

/** Moves within the app without a reload; the fragment (the token) is kept unless replaced. */
export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
  scrollTo(0, 0);
}

/** The token a seat or spectator link carries, from the fragment. */
export function tokenFromLocation(): string {
  return decodeURIComponent(location.hash.replace(/^#/, ''));
}
