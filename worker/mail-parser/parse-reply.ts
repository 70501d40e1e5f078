/**
 * One reply, as raw RFC 822 bytes, parsed as MIME (postal-mime: every charset and transfer
 * encoding a mail program writes, multipart or not) down to what the email handler needs
 * (parsed-reply.ts): the From address, and the move of the reply's own lines (reply-text.ts)
 * that move-line.ts finds, or why there is none. Pure, so that the bench
 * (scripts/bench/mail-bench.ts) runs the parser's own reading.
 */
import PostalMime from 'postal-mime';
import { moveOfLines } from './move-line.js';
import type { ParsedReply } from './parsed-reply.js';
import { replyLines } from './reply-text.js';

/**
 * What of a message is parsed: its first 64 KiB, the headers and the top of the first text
 * part, where a move is (the email handler hands no more: MAX_PARSED_BYTES in
 * worker/routes/mail-incoming.ts). postal-mime's own HTML-to-text reading, which it does
 * for an HTML part beside a plain one, took 1.3 s for 1 MiB of `<a `; 64 KiB take ≈10 ms.
 */
export const MAX_PARSED_BYTES = 65_536;

/** The message up to MAX_PARSED_BYTES, cut after a line's end so that no line is read half. */
function kept(raw: ArrayBuffer | Uint8Array): Uint8Array {
  const bytes = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
  if (bytes.byteLength <= MAX_PARSED_BYTES) return bytes;
  const lineEnd = bytes.lastIndexOf(0x0a, MAX_PARSED_BYTES - 1);
  return bytes.subarray(0, lineEnd < 0 ? MAX_PARSED_BYTES : lineEnd + 1);
}

export async function parseReply(raw: ArrayBuffer | Uint8Array): Promise<ParsedReply> {
  // A message attached inline is never a move: it is not parsed (postal-mime parses one per level, 10 deep).
  const parsed = await PostalMime.parse(kept(raw), { maxRfc822NestingDepth: 0 });
  return { from: parsed.from?.address ?? null, ...moveOfLines(replyLines(parsed)) };
}
