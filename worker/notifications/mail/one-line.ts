/**
 * A name or a chat message on one line of a mail (texts.ts): what the text part and the
 * table's picture (picture-text.ts) both put names through.
 */
/**
 * Characters that may not reach a subject or a line of a mail from a name: control
 * characters (C0, DEL, C1), line and paragraph separators, and every format character
 * (Unicode Cf): the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
 * which can turn a line around so that it reads as something else, the zero-width ones
 * (U+200B–U+200D, U+2060, U+FEFF), which hide text, and their kin (soft hyphen, invisible
 * operators, tags). Lone surrogates too. Names given now may hold none of them
 * (plain-text.ts), but names stored before may, and a chat message keeps its line breaks
 * and bidi marks.
 */
const BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;

/**
 * A name from the table fit for one line of a mail or a subject: line breaks and controls
 * become spaces, invisible and direction-changing characters go, runs of white space
 * become one space, and it is cut to `max` characters (code points, never half a pair).
 */
export function oneLine(text: string, max = 80): string {
  const clean = text.replace(BREAKING, ' ').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  const chars = Array.from(clean);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : clean;
}

/**
 * A name, or a chat message, within a line of a mail's text: on one line as oneLine makes
 * it, between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069), plain
 * text's <bdi>. A name written right to left keeps its own direction and cannot turn the
 * words and figures beside it around ("Sepp: +12"), nor the line's. Subjects carry names
 * without them: a mail program's list of subjects may not know the two characters.
 */
export const isolated = (text: string, max = 80): string => `\u2068${oneLine(text, max)}\u2069`;
