/**
 * The lines of a reply that may hold its move (API.md "Mail", Moves by reply): the reply's
 * own lines, above the quoted original or below it (bottom-posted), of the plain text, or
 * of an HTML-only reply's text (html-text.ts). Pure, so that the bench
 * (scripts/bench/mail-bench.ts) runs the parser's own reading.
 *
 * Own lines are the non-empty ones that are not quoted ("> …", RFC 3676) and not a signature,
 * up to where the quoted original starts without quote marks (Outlook's "-----Original
 * Message-----", its rule of underscores, a header block's "From: …"): a turn mail lists the
 * moves it takes, and none of them may be read from the original. A signature ("-- ") runs to
 * the next quoted line, so that a move below the quote (a mail program that put the signature
 * above the quote) is still read. The attribution line a mail program writes above a quote
 * ("On … wrote:", "Am … schrieb …:") is kept as one line even where it was wrapped (Gmail
 * wraps it before the address), so that move-line.ts can pass over it whole: it holds dates
 * and times, which are numbers.
 */
import { htmlText, MAX_REPLY_TEXT } from './html-text.js';

/** Own lines looked at for a move: a greeting, an attribution, a word or two, then the move. */
export const MAX_OWN_LINES = 20;

/** RFC 3676's quoted lines, as every mail program writes them: "> …". */
const QUOTED = /^\s*>/;

/** Where a quoted original starts without quote marks: Outlook's separators in English and German, its rule of underscores. */
const ORIGINAL_STARTS = /^(-{2,}\s*(original message|ursprüngliche nachricht|forwarded message|weitergeleitete nachricht)\s*-{2,}|_{10,})$/i;

/** The header block some mail programs put above an original they do not quote (Outlook, GMX, web.de): "From: …", "Von: …", "Gesendet: …". */
const ORIGINAL_HEADER = /^(from|von|sent|gesendet|date|datum):\s/i;

/** The signature separator (RFC 3676 §4.3), its trailing space often lost. */
const SIGNATURE = '--';

/** The attribution line a mail program writes above a quote: "On … wrote:", "Am … schrieb …:". */
export const isAttribution = (line: string): boolean => line.endsWith(':') && /\b(wrote|schrieb|writes|schreibt)\b/i.test(line);

/** How an attribution that a mail program wrapped starts: "On Tue, …", "Am Di., …". */
const ATTRIBUTION_START = /^(on|am)\s/i;

/** Lines an attribution is wrapped onto, at most. */
const ATTRIBUTION_LINES = 3;

const squeezed = (line: string): string => line.replace(/[\s\u00a0\u200b\ufeff]+/gu, ' ').trim();

/** The attribution wrapped over `lines` from `at` (none of them blank or quoted), and how many lines it takes; undefined: none starts there. */
function wrappedAttribution(lines: readonly string[], at: number): [string, number] | undefined {
  let joined = squeezed(lines[at]!);
  if (!ATTRIBUTION_START.test(joined)) return undefined;
  for (let count = 2; count <= ATTRIBUTION_LINES && at + count <= lines.length; count++) {
    const next = squeezed(lines[at + count - 1]!);
    if (next === '' || QUOTED.test(next)) return undefined;
    joined = `${joined} ${next}`;
    if (isAttribution(joined)) return [joined, count];
  }
  return undefined;
}

/** The own lines of `text`, without the spaces around them and with spaces squeezed; at most MAX_OWN_LINES. */
export function ownLines(text: string): string[] {
  const own: string[] = [];
  const kept = text.length > MAX_REPLY_TEXT ? text.slice(0, MAX_REPLY_TEXT) : text;
  const lines = kept.split(/\r?\n/);
  let inSignature = false;
  for (let at = 0; at < lines.length && own.length < MAX_OWN_LINES; at++) {
    const line = squeezed(lines[at]!);
    if (ORIGINAL_STARTS.test(line) || ORIGINAL_HEADER.test(line)) break;
    if (line === SIGNATURE) inSignature = true;
    else if (QUOTED.test(line)) inSignature = false;
    if (line === '' || line === SIGNATURE || QUOTED.test(line) || inSignature) continue;
    const wrapped = isAttribution(line) ? undefined : wrappedAttribution(lines, at);
    own.push(wrapped?.[0] ?? line);
    at += (wrapped?.[1] ?? 1) - 1;
  }
  return own;
}

/**
 * The own lines of a parsed reply: of postal-mime's `text` (present when the reply has a plain
 * part), else, or when that part has none (a mail program that sends an empty one), of its `html`.
 */
export function replyLines(parsed: { readonly text?: string | undefined; readonly html?: string | undefined }): string[] {
  const plain = parsed.text === undefined ? [] : ownLines(parsed.text);
  return plain.length > 0 || parsed.html === undefined ? plain : ownLines(htmlText(parsed.html, '>'));
}
