/**
 * Which characters the text people choose may hold: one definition for the chat's messages
 * (published/chat.ts) and the names of a table and its seats (schemas.ts, admin-schemas.ts).
 * Whatever it holds is shown as text, never as markup; refused are the characters that
 * would change how the text around it reads (docs/security.md).
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

/** Why `name` (a table's or a seat's, trimmed) is refused, or null. */
export function nameRefusal(name: string): string | null {
  if (CONTROL.test(name) || SEPARATOR.test(name)) return 'one line of plain text: control characters and line breaks are refused';
  if (REORDERING.test(name) || BIDI_MARK.test(name))
    return 'bidi embedding, override, isolate and mark characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are refused';
  if (INVISIBLE.test(name)) return 'invisible characters (zero-width space, joiner and non-joiner, word joiner, U+FEFF, soft hyphen …) are refused';
  if (LONE_SURROGATE.test(name)) return 'contains half a character (a lone surrogate)';
  return null;
}

/** A name as the API takes it: trimmed, 1 to `max` characters, none that nameRefusal refuses. */
export const nameField = (max: number) =>
  doc(
    z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(max),
      z.superRefine((name, context) => {
        const refusal = nameRefusal(name);
        if (refusal !== null) context.addIssue({ code: 'custom', message: refusal });
      }),
    ),
    {
      description: `1–${max} characters, trimmed; control characters, line breaks, bidi controls and marks, and invisible (format) characters such as zero-width ones are refused (400)`,
    },
  );
