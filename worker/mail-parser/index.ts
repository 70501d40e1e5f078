/**
 * The mail parser Worker (`wallachen-mail-parser`, worker/mail-parser/wrangler.toml): parses
 * the replies to turn mails for the main Worker, which calls it by RPC through its service
 * binding MAIL_PARSER (worker/routes/mail-incoming.ts). A Worker of its own so that the
 * MIME parser (postal-mime, ≈24 KiB gzipped) and the HTML-to-text reading stay out of the main
 * Worker's 100 KiB (docs/benchmarks.md, "The Worker"). It has no bindings, no routes and no
 * fetch handler: nothing but the main Worker reaches it.
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import type { MailParserService, ParsedReply } from './parsed-reply.js';
import { parseReply } from './parse-reply.js';

export default class MailParser extends WorkerEntrypoint implements MailParserService {
  parse(raw: ArrayBuffer): Promise<ParsedReply> {
    return parseReply(raw);
  }
}
