/** The code a site pastes to embed a table (API.md "Embedding"): the div /embed.js fills, or a plain iframe of the spectator view. */

/** `<div data-wallachen="…">` and the script, for any table link of this server (a seat's or the spectator's). */
export function scriptSnippet(link: string, origin: string = location.origin): string {
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<div data-wallachen="${escaped}"></div>\n<script src="${origin}/embed.js" async></script>`;
}
