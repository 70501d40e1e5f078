/**
 * The lines of a reply that may hold its move (API.md "Mail", Moves by reply): the reply's
 * own lines, above the quoted original or below it (bottom-posted), of the plain text, or
 * of an HTML-only reply's text (html-text.ts). Pure, so that the bench
 * (scripts/bench/mail-bench.ts) runs the parser's own reading.
 *
 * Own lines are the non-empty ones that are not quoted ("> …", RFC 3676), up to where the
 * quoted original starts without quote marks (Outlook's "-----Original Message-----", its
 * rule of underscores, a header block's "From: …") or the signature does ("-- "): a turn mail lists the moves it
 * takes, and none of them may be read from the original. parse-reply.ts takes the first own
 * line that reads as a move, so a greeting and the mail program's attribution line ("On …
 * wrote:") before it do not matter.
 */
import { htmlText, MAX_REPLY_TEXT } from './html-text.js';

/** Own lines looked at for a move: a greeting, an attribution, a word or two, then the move. */
export const MAX_OWN_LINES = 20;

/** RFC 3676's quoted lines, as every mail program writes them: "> …". */
const QUOTED = /^\s*>/;

/**
 * Where a quoted original starts without quote marks: Outlook's separators in English and
 * German, its rule of underscores, and the signature separator (RFC 3676 §4.3, trailing space
 * often lost).
 */
const ORIGINAL_STARTS = /^(-{2,}\s*(original message|ursprüngliche nachricht|forwarded message|weitergeleitete nachricht)\s*-{2,}|_{10,}|--)$/i;

/** The header block some mail programs put above an original they do not quote (Outlook, GMX, web.de): "From: …", "Von: …", "Gesendet: …". */
const ORIGINAL_HEADER = /^(from|von|sent|gesendet|date|datum):\s/i;

/** The attribution line a mail program writes above a quote: "On … wrote:", "Am … schrieb …:". */
export const isAttribution = (line: string): boolean => line.endsWith(':') && /\b(wrote|schrieb|writes|schreibt)\b/i.test(line);

/** The own lines of `text`, without the spaces around them and with spaces squeezed; at most MAX_OWN_LINES. */
export function ownLines(text: string): string[] {
  const lines: string[] = [];
  const kept = text.length > MAX_REPLY_TEXT ? text.slice(0, MAX_REPLY_TEXT) : text;
  for (const line of kept.split(/\r?\n/)) {
    const trimmed = line.replace(/[\s\u00a0\u200b\ufeff]+/gu, ' ').trim();
    if (ORIGINAL_STARTS.test(trimmed) || ORIGINAL_HEADER.test(trimmed)) break;
    if (trimmed === '' || QUOTED.test(trimmed)) continue;
    lines.push(trimmed);
    if (lines.length === MAX_OWN_LINES) break;
  }
  return lines;
}

/**
 * The own lines of a parsed reply: of postal-mime's `text` (present when the reply has a plain
 * part), else, or when that part has none (a mail program that sends an empty one), of its `html`.
 */
export function replyLines(parsed: { readonly text?: string | undefined; readonly html?: string | undefined }): string[] {
  const plain = parsed.text === undefined ? [] : ownLines(parsed.text);
  return plain.length > 0 || parsed.html === undefined ? plain : ownLines(htmlText(parsed.html));
}
