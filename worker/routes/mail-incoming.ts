/**
 * The Worker's `email` handler (worker/index.ts): replies to turn mails, routed here by
 * Cloudflare Email Routing (docs/deploying.md), locally by `wrangler dev`'s
 * `POST /cdn-cgi/handler/email`. API.md "Mail", Moves by reply.
 *
 * Before anything is read: the address must be a reply address of MAIL_REPLY_TO
 * (reply-addresses.ts); an automatic message (an auto-responder's, a list's, a bounce:
 * auto-submitted.ts) is dropped unanswered; the sender and the reply address must be within
 * REPLY_LIMITER (5 a minute each) and the message at most MAX_REPLY_BYTES, else it is
 * refused at SMTP time (`setReject`: the sending server tells its own user; this Worker
 * mails no sender, ever); the table must know the reply address and the sender must be the
 * seat it was for (`replyCheck`), else the message is dropped untold. Only then does the
 * mail parser Worker read it (MAIL_PARSER, a service binding: worker/mail-parser/, which
 * keeps the MIME parser out of this Worker's bundle), its first MAX_PARSED_BYTES only; its
 * From header must name the envelope's sender, and the move it says (or why it says none)
 * goes to the table (table/requests/reply-requests.ts), which decides everything else. Logs
 * say what became of a reply, never its text, an address or a link.
 */
import type { MoveByText } from '../../shared/move-name.js';
import { parseAction } from '../../shared/parse-action.js';
import { ok, type Result } from '../../shared/result.js';
import { tableStub } from './chain.js';
import type { ReplyOutcome } from '../table/requests/reply-requests.js';
import { normalizeAddress } from '../notifications/mail/links.js';
import { replyPattern, replyTargetOf } from '../storage/reply-addresses.js';
import { opsMetrics } from '../ops/metrics.js';
import { automaticBecause } from '../notifications/mail/auto-submitted.js';

/** A reply larger than this is refused unread: a move is one line, and quoted mails with pictures stay well below it. */
export const MAX_REPLY_BYTES = 1_048_576;

/**
 * What of a reply the parser is handed: its first 64 KiB, the headers and the top of its
 * first text part, where the move is (the parser keeps to the same: worker/mail-parser/parse-reply.ts).
 */
export const MAX_PARSED_BYTES = 65_536;

/** What the handler did with a message, for its log line (and the tests). */
export type Handled = ReplyOutcome | 'not_ours' | 'automatic' | 'rate_limited' | 'too_large' | 'forged_from' | 'unreadable';

/** A ParsedReply (worker/mail-parser/parsed-reply.ts) as the MAIL_PARSER binding's type gives it back. */
type Parsed = Awaited<ReturnType<Env['MAIL_PARSER']['parse']>>;

/**
 * The move as the engine takes it: checked as every action from outside is (parseAction),
 * which also gives a discard's cards back as their pair (RPC's types, workers-types'
 * `Rpc.Stubify`, type a tuple that crossed as an array).
 */
function moveOf(move: Parsed['move']): Result<MoveByText> {
  if (!move.ok) return { ok: false, error: move.error };
  return move.value.type === 'claim' ? ok({ type: 'claim' }) : parseAction(move.value);
}

/**
 * The first `max` bytes of a message: all the parser is handed. The move is near the top of
 * the first text part; what lies further down (the quoted original, pictures) it never
 * needs, and a hostile tail costs nothing unread.
 */
async function prefixOf(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const prefix = new Uint8Array(max);
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      const part = value.subarray(0, max - size);
      prefix.set(part, size);
      size += part.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return prefix.subarray(0, size);
}

export async function receiveReply(message: ForwardableEmailMessage, env: Env): Promise<Handled> {
  const pattern = replyPattern(env);
  const target = pattern === null ? null : replyTargetOf(pattern, message.to);
  if (target === null) {
    message.setReject('no such address');
    return 'not_ours';
  }
  const what = `table ${target.tableId}: a reply by mail`;
  // Dropped, not refused: a refusal would make the sending server mail the responder, which may answer that.
  const automatic = automaticBecause(message.headers, message.from);
  if (automatic !== null) {
    console.log(`${what} was dropped unread: it is automatic (${automatic})`);
    return 'automatic';
  }
  // The sender chooses its address, so each reply address has a budget of its own too.
  for (const [key, whose] of [
    [`from:${normalizeAddress(message.from)}`, 'its sender'],
    [`to:${normalizeAddress(message.to)}`, 'its reply address'],
  ] as const) {
    const { success } = await env.REPLY_LIMITER.limit({ key });
    if (!success) {
      opsMetrics(env).count(['rate_limited', 'REPLY_LIMITER']);
      console.warn(`${what} was refused: ${whose} had too many replies this minute`);
      message.setReject('too many replies; try again in a minute');
      return 'rate_limited';
    }
  }
  if (message.rawSize > MAX_REPLY_BYTES) {
    console.warn(`${what} was refused: ${message.rawSize} bytes`);
    message.setReject(`the reply is larger than ${MAX_REPLY_BYTES} bytes; write the move on the first line of a short reply`);
    return 'too_large';
  }
  const table = tableStub(env, target.tableId);
  const known = await table.replyCheck(target.id, message.from);
  if (known !== 'ours') {
    // Dropped untold, unread: nothing says which reply addresses exist, or whose they are.
    console.log(`${what}: ${known}`);
    return known;
  }
  let parsed: Parsed;
  try {
    parsed = await env.MAIL_PARSER.parse((await prefixOf(message.raw, MAX_PARSED_BYTES)).slice().buffer);
  } catch (error) {
    // A message postal-mime cannot read, or a parser that is missing or failing: nothing is
    // played and nobody is mailed; the error's kind only (its text may quote the message).
    console.warn(`${what} could not be parsed (${error instanceof Error ? error.name : typeof error})`);
    return 'unreadable';
  }
  // Email Routing checks the envelope's sender (SPF); the From header is what DKIM signs and DMARC aligns (docs/security.md).
  const headerFrom = parsed.from;
  if (headerFrom === null || normalizeAddress(headerFrom) !== normalizeAddress(message.from)) {
    console.warn(`${what} was dropped: its From header is not its sender`);
    return 'forged_from';
  }
  const outcome = await table.replyByMail({
    id: target.id,
    from: message.from,
    move: moveOf(parsed.move),
    line: parsed.line,
  });
  console.log(`${what}: ${outcome}`);
  return outcome;
}
