/**
 * The line of a reply that holds its move (API.md "Mail", Moves by reply): the first
 * non-empty line that is not quoted, of the plain text, or of an HTML-only reply's text.
 * Pure, so that the bench (scripts/bench/bench.ts) runs the handler's own reading.
 *
 * The text of an HTML-only reply is taken as far as a move needs it: what a mail program quotes (`<blockquote>`, Gmail's `gmail_quote`, Outlook's
 * reply header) and what is never shown (`<head>`, `<style>`, `<script>`) is left out, block
 * ends become line ends, tags go, and character references are decoded: every numeric one,
 * and the named ones a card's name or a move may hold (umlauts, ß, spaces, dashes). postal-mime
 * gives the HTML only when a reply has no plain-text part.
 */

/** Named references a move may hold; any other named one becomes a space. */
const NAMED: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  ndash: '–',
  mdash: '—',
  zwj: '',
  zwnj: '',
};

const LEFT_OUT = [
  /<(head|style|script|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi,
  /<blockquote\b[\s\S]*?<\/blockquote\s*>/gi,
  // Gmail and Outlook put the quoted mail after a marked block; everything from it on is quoted.
  /<div\b[^>]*(gmail_quote|divRplyFwdMsg|id="appendonsend")[\s\S]*$/i,
  /<!--[\s\S]*?-->/g,
];

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (_, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? ' ';
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  });
}

function htmlText(html: string): string {
  let text = html;
  for (const pattern of LEFT_OUT) text = text.replace(pattern, '\n');
  text = text.replace(/<(br|\/(p|div|li|tr|h[1-6]|table))\b[^>]*>/gi, '\n').replace(/<[^>]*>/g, '');
  return decode(text);
}

/** RFC 3676's quoted lines, as every mail program writes them: "> …". */
const QUOTED = /^\s*>/;

/** The first non-empty line of `text` that is not quoted, without the spaces around it; null: it has none. */
export function firstReplyLine(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.replace(/[\s\u00a0\u200b\ufeff]+/gu, ' ').trim();
    if (trimmed !== '' && !QUOTED.test(trimmed)) return trimmed;
  }
  return null;
}

/** The move's line of a parsed reply (postal-mime's `text`, present when the reply has a plain part, else its `html`). */
export const replyLine = (parsed: { readonly text?: string | undefined; readonly html?: string | undefined }): string | null =>
  firstReplyLine(parsed.text ?? htmlText(parsed.html ?? ''));
