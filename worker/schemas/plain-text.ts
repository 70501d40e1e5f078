/**
 * Which characters the text people choose may hold: one definition for the chat's messages
 * (published/chat.ts) and the names of a table and its seats (tables.ts, admin.ts).
 * Whatever it holds is shown as text, never as markup; refused are the characters that
 * would change how the text around it reads, text that shows nothing, and combining marks
 * piled on one character (docs/security.md).
 */
import * as z from 'zod/mini';
import { doc } from './common.js';

/** Control characters (C0, DEL, C1). */
export const CONTROL = /\p{Cc}/u;
/** Bidi embeddings, overrides and isolates: they reorder what follows them. */
export const REORDERING = /[\u202a-\u202e\u2066-\u2069]/u;
/** Half a surrogate pair: no character at all (JSON can carry one as "\ud800"). */
export const LONE_SURROGATE = /\p{Cs}/u;

/** The line and paragraph separators: a name is one line. */
const SEPARATOR = /[\p{Zl}\p{Zp}]/u;
/** The bidi marks (ALM, LRM, RLM): a name shown beside other text could turn that text around ("{name} to play"). */
const BIDI_MARK = /[\u061c\u200e\u200f]/u;
/**
 * The other format characters (Unicode Cf): invisible, so that two names that look the same
 * are not: the zero-width space, non-joiner and joiner (U+200B–U+200D), the word joiner
 * (U+2060), the byte-order mark (U+FEFF), the soft hyphen, invisible operators, tags.
 */
const INVISIBLE = /\p{Cf}/u;

/**
 * The letters and marks Unicode makes default-ignorable, shown as nothing, though no format
 * character: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the Khmer inherent
 * vowels (U+17B4, U+17B5, which Unicode says not to use). A name of them alone looks blank,
 * and one among other letters makes two names that look the same, as INVISIBLE would.
 */
const INVISIBLE_LETTER = /[\u115f\u1160\u3164\uffa0]|\u17b4|\u17b5/u;

/**
 * Whitespace and the braille blank (U+2800, the space of braille text: a blank with width,
 * though no whitespace to Unicode) at either end, which a name loses as it loses spaces.
 */
const BLANK_ENDS = /^[\s\u2800]+|[\s\u2800]+$/gu;
/** A name without whitespace and braille blanks at either end. */
const trimBlank = (text: string): string => text.replace(BLANK_ENDS, '');

/**
 * A character that shows something: none of the whitespace, the braille blank, the
 * combining marks (they show only on another character), the control, format and
 * default-ignorable characters (the Hangul fillers among them), nor half a surrogate pair.
 */
const VISIBLE = /[^\s\u2800\p{M}\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
/** Whether `text` shows anything at all: of blanks, fillers, invisible characters and marks alone it shows nothing. */
export const showsSomething = (text: string): boolean => VISIBLE.test(text);

/**
 * The most combining marks (Unicode M) that may follow one another, on one base character.
 * Three is what names in the scripts that stack them need: Vietnamese decomposed ("ễ" as e,
 * U+0302, U+0303) takes two, Devanagari a nukta, a vowel sign and a nasal sign (three),
 * pointed Hebrew a dagesh, a vowel and the shin dot (three), a keycap emoji two (U+FE0F,
 * U+20E3). More pile up above and below the line, over the text around the name or the
 * message ("Sepp" with twenty acute accents), and no script needs them.
 */
export const MAX_MARKS_IN_A_ROW = 3;
// Format characters between the marks do not end the row: a joiner (U+200D, U+200C) keeps the marks after it on the same character.
const MARK_PILE = new RegExp(`(?:\\p{M}\\p{Cf}*){${MAX_MARKS_IN_A_ROW + 1},}`, 'u');
/** Why `text` piles up more combining marks than MAX_MARKS_IN_A_ROW, or null. */
export const markPileRefusal = (text: string): string | null =>
  MARK_PILE.test(text) ? `at most ${MAX_MARKS_IN_A_ROW} combining marks (accents, vowel signs) in a row on one character` : null;
/** A name's first character as a combining mark: it has no character of the name to sit on, and would sit on the text before it. */
const LEADING_MARK = /^\p{M}/u;

/** Why `name` (a table's or a seat's, trimmed) is refused, or null. */
export function nameRefusal(name: string): string | null {
  // An empty name is the length's refusal (z.minLength).
  if (name !== '' && !showsSomething(name))
    return 'shows nothing: spaces, braille blanks, Hangul fillers, invisible characters and combining marks alone are refused';
  if (CONTROL.test(name) || SEPARATOR.test(name)) return 'one line of plain text: control characters and line breaks are refused';
  if (REORDERING.test(name) || BIDI_MARK.test(name))
    return 'bidi embedding, override, isolate and mark characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are refused';
  if (INVISIBLE.test(name) || INVISIBLE_LETTER.test(name))
    return 'invisible characters (zero-width space, joiner and non-joiner, word joiner, U+FEFF, soft hyphen, Hangul fillers …) are refused';
  if (LONE_SURROGATE.test(name)) return 'contains half a character (a lone surrogate)';
  if (LEADING_MARK.test(name)) return 'begins with a combining mark, which has no character to sit on';
  return markPileRefusal(name);
}

/**
 * A name as the API takes it: trimmed (of braille blanks too), 1 to `max` characters, none
 * that nameRefusal refuses.
 */
export const nameField = (max: number) =>
  doc(
    z.string().check(
      z.overwrite(trimBlank),
      z.minLength(1),
      z.maxLength(max),
      z.superRefine((name, context) => {
        const refusal = nameRefusal(name);
        if (refusal !== null) context.addIssue({ code: 'custom', message: refusal });
      }),
    ),
    {
      description:
        `1–${max} characters, trimmed; must show at least one visible character (whitespace, the braille blank U+2800, Hangul fillers, invisible characters and combining marks alone show nothing); ` +
        `control characters, line breaks, bidi controls and marks, and invisible characters (format characters such as zero-width ones, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, and U+17B4, U+17B5) are refused, ` +
        `and so are a combining mark first and more than ${MAX_MARKS_IN_A_ROW} combining marks in a row (400)`,
    },
  );
