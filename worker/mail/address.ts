/**
 * What the Worker and the tables need of an address's Durable Object (address-object.ts)
 * without loading it: its limits, its answers, and its stub. Kept apart so that modules
 * built outside workerd (the OpenAPI document in Node) do not import the runtime.
 */

/** At most this many mails to one address per hour, from all tables together, confirmations included. */
export const ADDRESS_MAILS_PER_HOUR = 10;

/** An unconfirmed address gets at most one confirmation mail in this time, however many tables name it. */
export const CONFIRMATION_INTERVAL_MS = 24 * 3_600_000;

export type AddressState = 'unconfirmed' | 'confirmed' | 'unsubscribed';

/** Why nothing may be sent now. */
export type Refusal = 'awaiting_confirmation' | 'unsubscribed' | 'address_limit';

/**
 * What the table may send: the mail it meant to (`mail`), a confirmation mail instead of it
 * (`confirmation`), or nothing (`none`, the mail is dropped). A send, once permitted, is
 * counted; `at` identifies it for `release`.
 */
export type Permit = { readonly send: 'mail' | 'confirmation'; readonly at: number } | { readonly send: 'none'; readonly reason: Refusal };

/** The Durable Object of the address with this key. */
export const addressStub = (env: Env, key: string) => env.ADDRESSES.get(env.ADDRESSES.idFromName(key));
