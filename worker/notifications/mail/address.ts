/**
 * What the Worker and the tables need of an address's Durable Object (address-object.ts)
 * without loading it: its limits, its answers, and its stub. Kept apart so that modules
 * built outside workerd (the OpenAPI document in Node) do not import the runtime.
 */

/**
 * The address as one table sees it: confirmed there, not (yet), or unsubscribed from every
 * table after it had confirmed that one (a table it never confirmed sees "unconfirmed").
 */
export type AddressState = 'unconfirmed' | 'confirmed' | 'unsubscribed';

/** Why a table's mail may not go now. */
export type Refusal = 'unconfirmed' | 'unsubscribed' | 'address_limit';

/**
 * What the table may send: the mail it meant to (`mail`), a confirmation mail instead of it
 * (`confirmation`: only for an address confirmed before confirmations were per table, see
 * AddressObject.permit), or nothing (`none`, the mail is dropped). A send, once permitted,
 * is counted; `at` identifies it for `release`.
 */
export type Permit =
  /** `earned`: a mail a reply of the address earned (EARNED_MAILS_PER_REPLY), outside the hourly limits. */
  { readonly send: 'mail' | 'confirmation'; readonly at: number; readonly earned?: true } | { readonly send: 'none'; readonly reason: Refusal };

/**
 * Why no confirmation mail goes when a table asks for one: the address confirmed this table
 * already, unsubscribed after it had confirmed it, was asked by this table within
 * CONFIRMATION_INTERVAL_MS, or had its limit (CONFIRMATIONS_PER_DAY, or ADDRESS_MAILS_PER_HOUR).
 */
export type ConfirmationRefusal = 'confirmed' | 'unsubscribed' | 'recently_sent' | 'address_limit';

/**
 * What a table asking for its confirmation mail may do: send it (`confirmation`), or not
 * (`none`, and why). `withheld`: the address unsubscribed from every table and never confirmed
 * this one, so nothing goes; but it was counted as a confirmation mail, and the table answers
 * as for one that went, so that no table learns what an address did elsewhere.
 */
export type ConfirmationPermit =
  { readonly send: 'confirmation' | 'withheld'; readonly at: number } | { readonly send: 'none'; readonly reason: ConfirmationRefusal };

/** What became of a digest entry a table handed over: kept, refused as its table is not confirmed, or as the digest is full. */
export type DigestAnswer = 'accepted' | 'unconfirmed' | 'full';

/** The Durable Object of the address with this key. */
export const addressStub = (env: Env, key: string) => env.ADDRESSES.get(env.ADDRESSES.idFromName(key));
