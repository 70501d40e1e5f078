/**
 * The text of an HTML-only reply, as far as a move needs it (API.md "Mail", Moves by reply):
 * what a mail program quotes (`<blockquote>`, Gmail's, Yahoo's and Proton's quote `<div>`) and
 * what is never shown (`<head>`, `<style>`, `<script>`, `<title>`, comments) is left out, and
 * so is everything after Outlook's reply header (its original follows unquoted); block
 * boundaries become line ends, tags go, and character references are decoded: every
 * numeric one, and the named ones a card's name or a move may hold (umlauts, ß, spaces,
 * dashes). A quoted part ends, and what follows it is read: a bottom-posted reply's move
 * stands below it. postal-mime gives the HTML only when a reply has no plain-text part.
 *
 * One pass from left to right that never looks at a character twice: every search starts
 * where the last one ended, and a construct left open (a tag without `>`, a comment or
 * `<script>` without its end) ends the text. A hostile message of 1 MiB costs what its
 * length costs (`mail.hostileReplyMs`, docs/benchmarks.md); regular expressions that
 * searched from every `<` for a far end took 39 s for 480 KB of `<div` (issue 36).
 */

/** Text kept of a reply, in UTF-16 units: a move is one line near the top; a quoted mail is far below this. */
export const MAX_REPLY_TEXT = 65_536;

/** Named references a move may hold; any other named one becomes a space. */
const NAMED: ReadonlyMap<string, string> = new Map(
  Object.entries({
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
  }),
);

/** Bounded repetitions only: linear in the text it runs over. */
const REFERENCE = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi;

export function decodeReferences(text: string): string {
  return text.replace(REFERENCE, (_, ref: string) => {
    if (ref[0] !== '#') return NAMED.get(ref) ?? ' ';
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  });
}

/**
 * Elements whose content is never shown, each with what ends it: its end tag (a head left
 * open also ends where the body starts, as in a browser).
 */
const UNSHOWN: ReadonlyMap<string, RegExp> = new Map([
  ['head', /<\/head\b|<body\b/gi],
  ['style', /<\/style\b/gi],
  ['script', /<\/script\b/gi],
  ['title', /<\/title\b/gi],
]);
/** Elements whose start or end is a line's end in what a reader sees. */
const BLOCKS = new Set(['br', 'p', 'div', 'li', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote', 'pre']);
/** A `<div>` that holds the quoted mail, to its end: Gmail's, Yahoo's and Proton's markers (in the tag's own text). */
const QUOTE_MARKER = /gmail_quote|yahoo_quoted|protonmail_quote/i;
/** A `<div>` after which everything is the quoted mail: Outlook's markers, above an original it does not quote. */
const ORIGINAL_MARKER = /divRplyFwdMsg|id\s*=\s*["']?appendonsend/i;

/** Where a tag, an end tag, a comment or a declaration starts. */
const TAG_START = /<[a-z/!?]/gi;

const isNameChar = (code: number): boolean =>
  (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x3a;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

/**
 * Where the tag that starts at `from` (`<`) ends: the index after its `>`; -1: it never ends.
 * A quote opens a value only right after `=`, as in a browser (`<div title=it's>` ends at its `>`).
 */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  let last = 0; // the last character outside quotes that is not a space
  for (let i = from + 1; i < html.length; i++) {
    const code = html.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 0x3e) {
      return i + 1;
    } else if ((code === 0x22 || code === 0x27) && last === 0x3d) {
      quote = code;
    }
    if (quote === 0 && !isSpace(code)) last = code;
  }
  return -1;
}

/** The index after the tag that ends an unshown element, searched from `from`; -1: there is none. */
function afterEnd(html: string, end: RegExp, from: number): number {
  end.lastIndex = from;
  const found = end.exec(html);
  if (found === null) return -1;
  return tagEnd(html, found.index);
}

/**
 * The text of `html` as a reader sees it without the quoted mail, at most MAX_REPLY_TEXT units.
 * `quoteMark` stands where a quoted part was: nothing, or a line of its own (reply-text.ts
 * passes ">", as plain text quotes, so that a signature ends where the quote starts).
 */
export function htmlText(html: string, quoteMark = ''): string {
  const out: string[] = [];
  let length = 0;
  const emit = (text: string): void => {
    out.push(text);
    length += text.length;
  };
  const mark = quoteMark === '' ? '\n' : `\n${quoteMark}\n`;
  let quoteDepth = 0;
  /** Open `<div>`s of a quote `<div>` (QUOTE_MARKER), itself included: it is quoted to where they all end. */
  let quoteDivs = 0;
  const quoted = (): boolean => quoteDepth > 0 || quoteDivs > 0;
  let i = 0;
  while (i < html.length && length < MAX_REPLY_TEXT) {
    // A "<" that starts no tag ("a < b") is text, as in a browser.
    TAG_START.lastIndex = i;
    const open = TAG_START.exec(html)?.index ?? -1;
    const textEnd = open < 0 ? html.length : open;
    if (!quoted() && textEnd > i) emit(decodeReferences(html.slice(i, Math.min(textEnd, i + MAX_REPLY_TEXT - length + 16))));
    if (open < 0) break;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      if (close < 0) break;
      emit('\n');
      i = close + 3;
      continue;
    }
    const closing = html.charCodeAt(open + 1) === 0x2f; // "</"
    const nameFrom = open + (closing ? 2 : 1);
    const end = tagEnd(html, open);
    if (end < 0) break; // a tag left open: nothing after it is shown
    let nameTo = nameFrom;
    while (nameTo < end && isNameChar(html.charCodeAt(nameTo))) nameTo++;
    const name = html.slice(nameFrom, nameTo).toLowerCase();
    i = end;
    const unshownEnd = closing ? undefined : UNSHOWN.get(name);
    if (unshownEnd !== undefined) {
      i = afterEnd(html, unshownEnd, end);
      if (i < 0) break;
      emit('\n');
      continue;
    }
    if (name === 'div' && quoteDivs > 0) {
      quoteDivs += closing ? -1 : 1;
      if (quoteDivs === 0 && quoteDepth === 0) emit('\n');
    } else if (name === 'div' && !closing && !quoted() && ORIGINAL_MARKER.test(html.slice(open, end))) {
      break;
    } else if (name === 'div' && !closing && !quoted() && QUOTE_MARKER.test(html.slice(open, end))) {
      quoteDivs = 1;
      emit(mark);
    } else if (name === 'blockquote') {
      if (!closing && !quoted()) emit(mark);
      quoteDepth = closing ? Math.max(0, quoteDepth - 1) : quoteDepth + 1;
      if (!quoted()) emit('\n');
    } else if (!quoted() && BLOCKS.has(name)) {
      emit('\n');
    }
  }
  const text = out.join('');
  return text.length > MAX_REPLY_TEXT ? text.slice(0, MAX_REPLY_TEXT) : text;
}
