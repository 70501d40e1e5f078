/**
 * Writing a table's mails (texts.ts, reply-texts.ts, the table's picture and the HTML part),
 * done by the mail Worker (worker/mail-parser/index.ts), which the main Worker asks by RPC
 * through its MAIL_PARSER binding: the words of both languages, the card codes' legend and
 * the HTML stay out of the main Worker's 100 KiB (docs/benchmarks.md, "The Worker"). The main
 * Worker imports only the types of this module.
 */
import type { MailLanguage } from '../../model/table.js';
import { mailHtml } from './mail-html.js';
import { replyAnswerMail, type ReplyAnswer } from './reply-texts.js';
import type { TablePicture } from './table-picture.js';
import { mailFor, type Mail, type MailFacts } from './texts.js';

export interface WriteOptions {
  /** The seat's mail language; undefined: German, then English. */
  readonly lang: MailLanguage | undefined;
  /** The address's one-click unsubscribe link (links.ts). */
  readonly unsubscribe: string;
  /** The mail's own reply address, or null: a reply to it moves nothing (no MAIL_REPLY_TO). */
  readonly replyTo: string | null;
}

/** A mail as handed to the EMAIL binding: both alternatives when it shows the table, else text only. */
export interface WrittenMail {
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

const written = (mail: Mail, replyTo: string | null): WrittenMail =>
  mail.parts?.picture == null
    ? { subject: mail.subject, text: mail.text }
    : { subject: mail.subject, text: mail.text, html: mailHtml(mail.parts, replyTo, mail.subject) };

/** A turn, reminder or end mail (mailFor). */
export const writeMail = (facts: MailFacts, link: string | null, options: WriteOptions): WrittenMail =>
  written(mailFor(facts, link, { lang: options.lang, unsubscribe: options.unsubscribe, replyable: options.replyTo !== null }), options.replyTo);

/** The answer to a move by reply (replyAnswerMail); `picture`: the move the seat owes now, shown as a turn mail shows it. */
export const writeAnswer = (
  answer: ReplyAnswer,
  facts: { readonly tableName: string; readonly seatName: string; readonly picture: TablePicture | null },
  link: string | null,
  options: WriteOptions,
): WrittenMail =>
  written(
    replyAnswerMail(answer, facts, link, { lang: options.lang, unsubscribe: options.unsubscribe, replyable: options.replyTo !== null }),
    options.replyTo,
  );

/** What the mail Worker offers the main Worker for writing (worker/mail-parser/index.ts). */
export interface MailWriterService {
  writeMail(facts: MailFacts, link: string | null, options: WriteOptions): Promise<WrittenMail> | WrittenMail;
  writeAnswer(
    answer: ReplyAnswer,
    facts: { readonly tableName: string; readonly seatName: string; readonly picture: TablePicture | null },
    link: string | null,
    options: WriteOptions,
  ): Promise<WrittenMail> | WrittenMail;
}
