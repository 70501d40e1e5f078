/**
 * RFC 3834 both ways (API.md "Mail"): every mail the service sends says it was sent by a
 * program (`Auto-Submitted`), so a well-behaved auto-responder does not answer it; and a
 * message that says the same of itself (or that a mailing list or a bounce sent) is never
 * answered nor read as a move. Without both, an out-of-office answer to a turn mail was
 * answered ("not played") from a fresh reply address, which the responder answered again,
 * until the address's hourly limit stopped the loop and with it every table's mail (issue 36).
 */

/** `auto-generated`: a mail of its own (a turn, a reminder, a digest, a confirmation); `auto-replied`: the answer to a reply. */
export type AutoSubmitted = 'auto-generated' | 'auto-replied';

/** `Precedence` values (RFC 2076, not a standard but widely sent) of mail no program should answer. */
const AUTOMATIC_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);

/**
 * Why a received message is automatic (never answered, never a move), or null when it is a
 * person's: `Auto-Submitted` other than `no`, `Precedence` bulk, junk, list or auto_reply,
 * `X-Autoreply` or `X-Autorespond` (older responders), or the empty envelope sender `<>` of
 * bounces and RFC 3834 responses. Read from the envelope's headers, before the message is.
 */
export function automaticBecause(headers: Headers, envelopeFrom: string): string | null {
  const from = envelopeFrom.trim();
  if (from === '' || from === '<>') return 'its envelope sender is empty';
  const submitted = headerToken(headers.get('Auto-Submitted'));
  if (submitted !== null && submitted !== 'no')
    return `Auto-Submitted: ${submitted === 'auto-replied' || submitted === 'auto-generated' ? submitted : 'other'}`;
  const precedence = headerToken(headers.get('Precedence'));
  if (precedence !== null && AUTOMATIC_PRECEDENCE.has(precedence)) return `Precedence: ${precedence}`;
  if (headers.has('X-Autoreply')) return 'X-Autoreply';
  if (headers.has('X-Autorespond')) return 'X-Autorespond';
  return null;
}

/** A header's value without its parameters and comments, lower-cased (`Auto-Submitted: Auto-Replied; owner-email=…`); null: absent. */
function headerToken(value: string | null): string | null {
  if (value === null) return null;
  const token = value.split(/[;(]/, 1)[0]!.trim().toLowerCase();
  return token === '' ? null : token;
}
