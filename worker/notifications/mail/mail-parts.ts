/**
 * A mail as its two alternatives are written from (API.md "Mail"): the text part
 * (texts.ts mailText) and the HTML part (mail-html.ts) say the same lines, in the same order,
 * so that neither can say something the other does not.
 */
import type { MailLanguage } from '../../model/table.js';
import type { TablePicture } from './table-picture.js';

export interface MailParts {
  /** The mail's language; undefined: German, then English. */
  readonly lang: MailLanguage | undefined;
  /** The lines before the table: the greeting and what the mail is about. */
  readonly before: readonly string[];
  /** What the table looks like for the move owed (turn mails, reminders, answers to replies), or null. */
  readonly picture: TablePicture | null;
  /** The lines after it: the deadline, the chat, the seat's link. */
  readonly after: readonly string[];
  /** The footer, set apart as a signature: the link's secrecy, how to unsubscribe. */
  readonly footer: readonly string[];
}
