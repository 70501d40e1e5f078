/**
 * The storage tables of a table with a `seat` column, sorted by whose their rows are: the
 * holder's of the seat's link (ended when the link is replaced: changes/links.ts), or the
 * seat's in the game (kept). Kept apart, importing nothing, so that storage.ts can name them.
 */

/** What the holder of a seat's link set up with it: emptied for the seat when the link is replaced. */
export const HOLDER_TABLES = [
  'notifications', // mail address, mail mode and language, webhook URL and secret
  'push_subscriptions',
  'deliveries', // whatever waits for the channels above
  'unread_turn_mail',
  'deferred_turn_mail',
  'seat_preferences', // autoForced
  'delivery_log',
  'reply_addresses', // the reply addresses of the mails to the holder's address (a reply to one acts no more)
] as const;

export type HolderTable = (typeof HOLDER_TABLES)[number];

/**
 * What belongs to the seat in the game, whoever holds its link: kept. `digest_handed` is
 * the holder's too, but it is the table's record of what the address's object was told:
 * the digest's next sync takes the entries back itself, the address being gone (digest-seats.ts).
 */
export const SEAT_TABLES = ['tokens', 'actions', 'vacations', 'reminded_seat', 'chat_messages', 'digest_handed'] as const;
