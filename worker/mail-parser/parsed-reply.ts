/**
 * What the mail parser Worker (worker/mail-parser/) answers the main Worker's email handler
 * (worker/routes/mail-incoming.ts) about one raw reply: the one type both sides of the
 * service binding use. Only what the handler needs crosses: the From header's address, to
 * compare with the envelope's sender, and the move its first own line with one says (or why there is none).
 */
import type { MoveByText } from '../../shared/move-name.js';
import type { Result } from '../../shared/result.js';

export interface ParsedReply {
  /** The address of the From header, as written; null: the message has none. */
  readonly from: string | null;
  /**
   * The move of the reply's first own line that holds one (move-line.ts), read by
   * shared/move-text.ts; or its refusal: that line holds more than the move ("HK bitte"), or
   * no line holds one; the refusal says why and quotes the forms understood. Whether the move
   * is allowed is the table's to decide.
   */
  readonly move: Result<MoveByText>;
  /**
   * The line the move was read from, or refused for; when no line holds a move, the first own
   * line that is not an attribution (null: the reply has none): the answer quotes it to the
   * seat, whose own words it are. Never logged.
   */
  readonly line: string | null;
}

/** The parser as the main Worker's MAIL_PARSER binding reaches it (RPC): worker/mail-parser/index.ts. */
export interface MailParserService {
  parse(raw: ArrayBuffer): Promise<ParsedReply>;
}
