/**
 * What a table asks before each mail: may it go, and as what? Two limits answer, in this
 * order: the table's own budget (send-budget.ts, synchronous in the table's storage) and the
 * address's Durable Object (address-object.ts: confirmed at this table or not, unsubscribed,
 * its limits over all tables). Each counts the mail it permits, and both give it back when
 * the mail is not sent after all.
 */
import { reasonOf } from '../../model/log-reasons.js';
import { DeliveryFailed } from '../webhook.js';
import { addressStub, type ConfirmationRefusal, type Refusal } from './address.js';
import { CONFIRMATIONS_PER_DAY } from '../../model/limits.js';
import { addressKey, addressLinks, type AddressLinks } from './links.js';
import type { Seat } from '../../../shared/options.js';
import type { Table } from '../../model/table.js';
import { type SendBudget } from '../../storage/send-budget.js';
import { TABLE_MAILS_PER_HOUR } from '../../model/limits.js';
import { tokenKey } from '../../model/tokens.js';

/** Why a mail is not sent: the address's answer, or the table's own limit. */
export type GateRefusal = Refusal | ConfirmationRefusal | 'table_limit';

/** Why a mail is dropped, fit for logs and the seat's delivery log: never the address. */
export const REFUSED: Record<GateRefusal, string> = {
  unconfirmed: 'the address has not confirmed this table',
  confirmed: 'the address confirmed this table already',
  recently_sent: 'this table asked the address less than a day ago',
  unsubscribed: 'the address unsubscribed',
  address_limit: `the address had its limit of mails (${CONFIRMATIONS_PER_DAY} confirmations a day, or its mails this hour)`,
  table_limit: `the table sent its limit of ${TABLE_MAILS_PER_HOUR} mails this hour`,
};

/**
 * What a permit lets go: mail, the mail meant; confirmation, this table's confirmation mail
 * (asked for, or in place of the mail); withheld, nothing, counted as a confirmation mail that
 * went (an address that unsubscribed from every table, asked by a table it never confirmed:
 * AddressObject.askConfirmation).
 */
export type Sent = 'mail' | 'confirmation' | 'withheld';

/** What the gate answers: the permit, or why not (`R`: the refusals of the question asked; `S`: what its permits let go). */
export type Gate<R extends GateRefusal = GateRefusal, S extends Sent = 'mail' | 'confirmation'> =
  Permitted<S> | { readonly send: 'none'; readonly reason: R };

/** A permit, one type per kind of send (so that checking `send` narrows it). */
export type Permitted<S extends Sent = 'mail' | 'confirmation'> = S extends Sent
  ? {
      readonly send: S;
      /** Where the links point to: the table's origin. */
      readonly origin: string;
      readonly links: AddressLinks;
      /** Gives the permit back: the mail could not be handed over. */
      readonly release: () => Promise<void>;
    }
  : never;

/** A mail cannot be sent now, and should not be tried again (no link can be made). */
export class NoMailLinks extends Error {
  override readonly name = 'NoMailLinks';
}

type AddressStub = ReturnType<typeof addressStub>;
type AddressAnswer<S, R> = { readonly send: S; readonly at: number; readonly earned?: true } | { readonly send: 'none'; readonly reason: R };

/**
 * Asks both limits whether `tableId` (its links at `origin`) may send `address` its mail
 * now (AddressObject.permit). Throws NoMailLinks when no unsubscribe link can be made (every
 * mail must carry one), and whatever the address's object throws (the caller retries later).
 */
export const askMailGate = (
  env: Env,
  budget: SendBudget,
  tableId: string,
  origin: string | null,
  address: string,
): Promise<Gate<Refusal | 'table_limit'>> =>
  ask(env, budget, tableId, origin, address, (stub, now, earnedOnly) => stub.permit({ tableId, now, earnedOnly }));

/** As askMailGate, for the table's confirmation mail to an address just set there (AddressObject.askConfirmation). */
export const askConfirmationGate = (
  env: Env,
  budget: SendBudget,
  tableId: string,
  origin: string | null,
  address: string,
): Promise<Gate<ConfirmationRefusal | 'table_limit', 'confirmation' | 'withheld'>> =>
  ask(env, budget, tableId, origin, address, (stub, now, earnedOnly) =>
    earnedOnly ? Promise.resolve({ send: 'none', reason: 'address_limit' } as const) : stub.askConfirmation({ tableId, now }),
  );

async function ask<S extends Sent, R extends Refusal | ConfirmationRefusal>(
  env: Env,
  budget: SendBudget,
  tableId: string,
  origin: string | null,
  address: string,
  /** `earnedOnly`: the table had its hour's mails, so only a mail a reply earned may go (AddressObject.permit). */
  question: (stub: AddressStub, now: number, earnedOnly: boolean) => Promise<AddressAnswer<S, R>>,
): Promise<Gate<R | 'table_limit', S>> {
  if (origin === null) throw new NoMailLinks('the table keeps no origin to make the unsubscribe link with');
  const key = tokenKey(env, origin);
  if (!key.ok) throw new NoMailLinks(key.message);
  const links = await addressLinks(key.secret, origin, address, tableId);
  const now = Date.now();
  const budgeted = budget.take(now);
  const stub = addressStub(env, links.key);
  let permit: AddressAnswer<S, R>;
  try {
    permit = await question(stub, now, !budgeted);
  } catch (error) {
    if (budgeted) budget.giveBack(now);
    throw error;
  }
  // Counted in the table's hour: a mail that goes and was not earned by a reply (outside the table's hour as the address's).
  const counted = budgeted && !('reason' in permit) && permit.earned !== true;
  if (budgeted && !counted) budget.giveBack(now);
  if ('reason' in permit) return { send: 'none', reason: budgeted ? permit.reason : 'table_limit' };
  const at = permit.at;
  const release = async () => {
    if (counted) budget.giveBack(now);
    await stub.release({ tableId, at });
  };
  return { send: permit.send, origin, links, release } as Permitted<S>;
}

/** The key of seat `seat`'s address (links.ts), or null: it has none, or the table no origin to derive it with. */
export async function seatAddressKey(env: Env, table: Table, seat: Seat): Promise<string | null> {
  const email = table.notifications[seat]!.email;
  const key = table.settings.origin === null ? null : tokenKey(env, table.settings.origin);
  return email === null || key === null || !key.ok ? null : addressKey(key.secret, email);
}

/** A mail as the mail Worker writes it (mail-writer.ts); one it cannot write gives its permit back, and is tried again later. */
export async function writtenOrReleased<M>(gate: Permitted, write: () => Promise<M>): Promise<M> {
  try {
    return await write();
  } catch (error) {
    await gate.release().catch(() => {});
    throw new DeliveryFailed(`the mail could not be written: ${reasonOf(error)}`);
  }
}
