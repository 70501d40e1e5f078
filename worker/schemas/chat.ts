/** The table's chat (API.md, "Chat"; published/chat.ts). */
import * as z from 'zod/mini';
import { CHAT_LIMITS } from '../model/limits.js';
import { SeatNumber, described, doc, int } from './common.js';
import { MAX_MARKS_IN_A_ROW } from './plain-text.js';

// ---------------------------------------------------------------- the table's chat (API.md, "Chat"; published/chat.ts)

export const ChatMessageSchema = doc(
  z.object({
    id: doc(
      int(z.gte(1)),
      OPENAPI_PROSE && {
        description: 'Grows with every message of the table: pass the last one read as `after` to read what came since',
      },
    ),
    seat: described(SeatNumber, OPENAPI_PROSE && 'The seat that wrote it'),
    text: doc(
      z.string(),
      OPENAPI_PROSE && {
        description: `Plain text, 1–${CHAT_LIMITS.maxChars} characters (code points), line breaks as "\\n": show it as text, never as HTML`,
        example: 'Gut gespielt!',
      },
    ),
    at: doc(z.string(), OPENAPI_PROSE && { description: 'When it was written (ISO)', example: '2026-11-30T20:15:00.000Z' }),
  }),
  'ChatMessage',
);

export const ChatPostSchema = doc(
  z.strictObject({
    text: doc(
      // Refused early when surely too long; the exact count (code points, after trimming) is the table's (published/chat.ts).
      z.string().check(z.maxLength(CHAT_LIMITS.maxChars * 4, `text: at most ${CHAT_LIMITS.maxChars} characters`)),
      {
        description:
          `1–${CHAT_LIMITS.maxChars} characters after trimming, counted in code points (an emoji is one). Plain text: line breaks are kept (CR LF becomes "\\n"); ` +
          'other control characters, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would reorder the text around the message, are refused with 400; ' +
          `so is a message that shows nothing (whitespace, the braille blank U+2800, Hangul fillers, invisible characters and combining marks alone) and one with more than ${MAX_MARKS_IN_A_ROW} combining marks in a row`,
        example: 'Gut gespielt!',
      },
    ),
  }),
  'ChatPost',
);

export const ChatPostedSchema = doc(z.object({ message: ChatMessageSchema }), 'ChatPosted');

export const ChatQuerySchema = z.object({
  after: doc(
    z.optional(z.string().check(z.regex(/^\d{1,15}$/, 'must be a whole number, the id of a message (0: from the oldest kept)'))),
    OPENAPI_PROSE && {
      param: { name: 'after', in: 'query' },
      type: 'integer',
      minimum: 0,
      description:
        `The messages after the message with this id, oldest first, at most ${CHAT_LIMITS.page} (0: from the oldest kept; a \`next\` of an earlier answer). ` +
        `Without it: the newest ${CHAT_LIMITS.page}`,
      example: 0,
    },
  ),
});

export const ChatPageSchema = doc(
  z.object({
    messages: doc(z.array(ChatMessageSchema), OPENAPI_PROSE && { description: 'Oldest first' }),
    next: doc(
      z.optional(int()),
      OPENAPI_PROSE && {
        description: 'Present while more messages follow these (with `after` only): send it as `after` for the next page',
      },
    ),
  }),
  'ChatPage',
);
