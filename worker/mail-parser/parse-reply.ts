/**
 * One reply, as raw RFC 822 bytes, parsed as MIME (postal-mime: every charset and transfer
 * encoding a mail program writes, multipart or not) down to what the email handler needs
 * (parsed-reply.ts): the From address and the move its first line says. Pure, so that the
 * bench (scripts/bench/mail-bench.ts) runs the parser's own reading.
 */
import PostalMime from 'postal-mime';
import { parseMoveText } from '../../shared/move-text.js';
import type { ParsedReply } from './parsed-reply.js';
import { replyLine } from './reply-text.js';

export async function parseReply(raw: ArrayBuffer | Uint8Array): Promise<ParsedReply> {
  const parsed = await PostalMime.parse(raw);
  return { from: parsed.from?.address ?? null, move: parseMoveText(replyLine(parsed) ?? '') };
}
