/**
 * The mail Worker (`wallachen-mail-parser`, worker/mail-parser/wrangler.toml): parses the
 * replies to turn mails (worker/routes/mail-incoming.ts) and writes the table's mails, with
 * the table's picture and their HTML part (notifications/mail/mail-writer.ts), for the main
 * Worker, which calls it by RPC through its service binding MAIL_PARSER. A Worker of its own so
 * that the MIME parser (postal-mime, ≈24 KiB gzipped), the HTML-to-text reading and the
 * mails' words stay out of the main Worker's 100 KiB (docs/benchmarks.md, "The Worker"). It
 * has no bindings, no routes and no fetch handler: nothing but the main Worker reaches it.
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import type { MailParserService, ParsedReply } from './parsed-reply.js';
import { parseReply } from './parse-reply.js';
import { writeAnswer, writeMail, type MailWriterService } from '../notifications/mail/mail-writer.js';

export default class MailParser extends WorkerEntrypoint implements MailParserService, MailWriterService {
  parse(raw: ArrayBuffer): Promise<ParsedReply> {
    return parseReply(raw);
  }

  writeMail(...args: Parameters<typeof writeMail>): ReturnType<typeof writeMail> {
    return writeMail(...args);
  }

  writeAnswer(...args: Parameters<typeof writeAnswer>): ReturnType<typeof writeAnswer> {
    return writeAnswer(...args);
  }
}
