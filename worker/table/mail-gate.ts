/**
 * What a table asks before each mail: may it go, and as what? Two limits answer, in this
 * order: the table's own budget (send-budget.ts, synchronous in the table's storage) and the
 * address's Durable Object (address-object.ts: confirmed or not, unsubscribed, its hourly
 * limit over all tables). Each counts the mail it permits, and both give it back when the
 * mail is not sent after all.
 */
import { addressStub, type Refusal } from '../mail/address.js';
import { addressLinks, type AddressLinks } from '../mail/links.js';
import { TABLE_MAILS_PER_HOUR, type SendBudget } from './send-budget.js';
import { tokenKey } from './tokens.js';

/** Why a mail is dropped, fit for logs: never the address. */
const REFUSED: Record<Refusal | 'table_limit', string> = {
  awaiting_confirmation: 'the address has not confirmed yet and was asked less than a day ago',
  unsubscribed: 'the address unsubscribed',
  address_limit: 'the address had its limit of mails this hour',
  table_limit: `the table sent its limit of ${TABLE_MAILS_PER_HOUR} mails this hour`,
};

export type Gate =
  | {
      /** mail: the mail meant; confirmation: the confirmation mail instead of it. */
      readonly send: 'mail' | 'confirmation';
      /** Where the links point to: the table's origin. */
      readonly origin: string;
      readonly links: AddressLinks;
      /** Gives the permit back: the mail could not be handed over. */
      readonly release: () => Promise<void>;
    }
  | { readonly send: 'none'; readonly reason: string };

/** A mail cannot be sent now, and should not be tried again (no link can be made). */
export class NoMailLinks extends Error {
  override readonly name = 'NoMailLinks';
}

/**
 * Asks both limits whether `tableId` (its links at `origin`) may mail `address` now.
 * Throws NoMailLinks when no unsubscribe link can be made (every mail must carry one), and
 * whatever the address's object throws (the caller retries later).
 */
export async function askGate(env: Env, budget: SendBudget, tableId: string, origin: string | null, address: string): Promise<Gate> {
  if (origin === null) throw new NoMailLinks('the table keeps no origin to make the unsubscribe link with');
  const key = tokenKey(env, origin);
  if (!key.ok) throw new NoMailLinks(key.message);
  const links = await addressLinks(key.secret, origin, address);
  const now = Date.now();
  if (!budget.take(now)) return { send: 'none', reason: REFUSED.table_limit };
  const stub = addressStub(env, links.key);
  let permit;
  try {
    permit = await stub.permit({ tableId, now });
  } catch (error) {
    budget.giveBack(now);
    throw error;
  }
  if (permit.send === 'none') {
    budget.giveBack(now);
    return { send: 'none', reason: REFUSED[permit.reason] };
  }
  const at = permit.at;
  const release = async () => {
    budget.giveBack(now);
    await stub.release({ tableId, at });
  };
  return { send: permit.send, origin, links, release };
}
