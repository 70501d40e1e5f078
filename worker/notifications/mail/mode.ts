/**
 * What a seat's mail address gets (API.md, "Web push": `mail`): every turn and reminder
 * ("turn", the default), one mail a day listing every table where the address owes a move
 * ("digest", sent by the address's own object: digest-seats.ts, mail/digest.ts), or
 * nothing at all ("off": the address stays stored so that switching back needs no retyping).
 */
import type { Notifications } from '../../table/model.js';
import { type MailMode } from '../../table/model.js';

/** The seat's mode; tables made before modes existed mail each turn. */
export const mailModeOf = (n: Notifications): MailMode => n.mail ?? 'turn';

/** Whether the table itself mails this seat (turn, reminder and end mails): only with an address, in mode "turn". */
export const mailsEachTurn = (n: Notifications): boolean => n.email !== null && mailModeOf(n) === 'turn';
