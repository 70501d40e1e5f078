/**
 * A game by mail is not stopped by the mail limits (API.md "Mail"; model/limits.ts
 * EARNED_MAILS_PER_REPLY): a reply from the seat's confirmed address earns its answer and the
 * seat's next turn mail outside the address's and the table's hourly limits, which still stop
 * everything else, and everything a stranger can cause. Each limit is filled through the
 * objects' own storage, as anHourPassesFor empties it (time cannot be moved on in workerd).
 */
import { runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { ADDRESS_MAILS_PER_HOUR, EARNED_MAILS_PER_HOUR, EARNED_MAILS_PER_REPLY, TABLE_MAILS_PER_HOUR } from '../../worker/model/limits.js';
import { deliver, rawMessage } from './mail-support.js';
import {
  addressStubOf,
  confirmAt,
  createTable,
  deliveriesDone,
  handMade,
  newAddress,
  playAway,
  playersLeave,
  sql,
  tableFor,
  watchMail,
  type CreatedTable,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** Forehand (dealer 0): it bids first after the doubling. */
const PLAYER: Seat = 1;

interface SentMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

let sent: SentMail[] = [];
beforeEach(() => {
  sent = [];
  watchMail((mail: SentMail) => void sent.push(mail));
});

/** A table of GAME whose PLAYER has a confirmed address and owes its first bid (the doubling played away from the table). */
async function bidding(): Promise<{ table: CreatedTable; address: string }> {
  const address = newAddress('earned');
  const table = await createTable(tableFor(GAME, { seats: [0, 1, 2].map((seat) => (seat === PLAYER ? { name: 'Vroni', email: address } : {})) }));
  await confirmAt(table, address);
  await playAway(table, GAME.actions.slice(0, 3), 0);
  await playersLeave(table);
  await deliveriesDone(table);
  return { table, address };
}

/** Fills the address's hourly limit, as ADDRESS_MAILS_PER_HOUR mails of other tables would. */
async function addressHadItsHour(address: string): Promise<void> {
  await runInDurableObject(await addressStubOf(address), (_instance, state) => {
    for (let i = 0; i < ADDRESS_MAILS_PER_HOUR; i++)
      state.storage.sql.exec("INSERT INTO sends (at, table_id, kind) VALUES (?, 'elsewhere', 'mail')", Date.now());
  });
}

const earnedRows = async (address: string): Promise<number> =>
  runInDurableObject(
    await addressStubOf(address),
    (_instance, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM earned').one().n,
  );

const newestAsking = (address: string) => sent.filter((m) => m.to === address && m.replyTo !== undefined).at(-1)!;

const replyFrom = (from: string, to: string, body: string) => deliver(rawMessage({ from, to, body }), { from, to });

describe('mails a reply earns (EARNED_MAILS_PER_REPLY)', () => {
  it(`with the address's ${ADDRESS_MAILS_PER_HOUR} mails of the hour spent, the seat's reply still gets its answer, with the table; the next turn mail goes too; a mail no reply earned does not`, async () => {
    const { table, address } = await bidding();
    await addressHadItsHour(address);
    const turnMail = newestAsking(address);
    sent = [];
    // A reply that plays nothing: its answer shows the table and asks again (API.md: an answer to a refused reply carries the same picture).
    expect(await replyFrom(address, turnMail.replyTo!, 'vielleicht später')).toBeNull();
    await deliveriesDone(table);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(/not played|nicht gespielt/)]);
    expect(sent[0]!.text).toMatch(/Your cards|Deine Karten/);
    expect(sent[0]!.text).toMatch(/Your move|Dein Zug/);
    // Now the bid: the next seat owes, then the move comes back to PLAYER; its turn mail goes, earned by the reply.
    expect(await replyFrom(address, newestAsking(address).replyTo!, 'bid 6')).toBeNull();
    await deliveriesDone(table);
    const asked = sent.length;
    await playAway(table, GAME.actions.slice(4, 5), 4); // 2: 7; PLAYER owes its answer (hold) now
    await deliveriesDone(table);
    expect(sent.length, 'the turn mail the reply earned').toBe(asked + 1);
    expect(await earnedRows(address)).toBeLessThanOrEqual(EARNED_MAILS_PER_REPLY);
    // A mail no reply earned is held to the hour's limit as before: PLAYER holds on the page, and then owes its discard.
    await runInDurableObject(await addressStubOf(address), (_instance, state) => void state.storage.sql.exec('DELETE FROM earned'));
    const before = sent.length;
    await playAway(table, GAME.actions.slice(5, 8), 5);
    await deliveriesDone(table);
    expect(sent.length, 'no mail beyond the limit').toBe(before);
    const log = await sql<{ detail: string | null }>(table, "SELECT detail FROM delivery_log WHERE event = 'turn' ORDER BY id DESC LIMIT 1");
    expect(log[0]!.detail).toMatch(/the address had its limit/);
  });

  it('a stranger earns nothing: a reply from another address to the seat’s reply address leaves no mail owed', async () => {
    const { table, address } = await bidding();
    const stranger = newAddress('stranger');
    expect(await replyFrom(stranger, newestAsking(address).replyTo!, 'pass')).toBeNull();
    await deliveriesDone(table);
    expect(await earnedRows(address)).toBe(0);
  });

  it(`replies earn at most ${EARNED_MAILS_PER_REPLY} mails owed at a time, and at most ${EARNED_MAILS_PER_HOUR} earned mails go in an hour`, async () => {
    const { table, address } = await bidding();
    const to = newestAsking(address).replyTo!;
    for (const line of ['eins', 'zwei', 'drei']) expect(await replyFrom(address, to, line)).toBeNull();
    await deliveriesDone(table);
    // Three refused replies: three answers, each earned and spent, and never more than EARNED_MAILS_PER_REPLY owed.
    expect(await earnedRows(address)).toBeLessThanOrEqual(EARNED_MAILS_PER_REPLY);
    await addressHadItsHour(address);
    await runInDurableObject(await addressStubOf(address), (_instance, state) => {
      for (let i = 0; i < EARNED_MAILS_PER_HOUR; i++)
        state.storage.sql.exec("INSERT INTO sends (at, table_id, kind) VALUES (?, 'elsewhere', 'earned')", Date.now());
    });
    const newest = newestAsking(address).replyTo!;
    sent = [];
    expect(await replyFrom(address, newest, 'vier')).toBeNull();
    await deliveriesDone(table);
    expect(sent, 'the hour’s earned mails are spent: the answer is held back').toEqual([]);
  });

  it(`an earned mail goes though the table had its ${TABLE_MAILS_PER_HOUR} mails of the hour; one not earned does not`, async () => {
    const { table, address } = await bidding();
    await sql(
      table,
      `INSERT INTO mail_sends (at) SELECT ${Date.now()} FROM (SELECT 1 UNION ALL SELECT 2) a, (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5) b, (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) c`,
    );
    expect((await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM mail_sends'))[0]!.n).toBeGreaterThanOrEqual(TABLE_MAILS_PER_HOUR);
    const turnMail = newestAsking(address);
    sent = [];
    expect(await replyFrom(address, turnMail.replyTo!, 'nichts')).toBeNull();
    await deliveriesDone(table);
    expect(
      sent.map((m) => m.to),
      'the answer, earned',
    ).toEqual([address]);
    // PLAYER bids on the page: the turn mail that follows was earned by no reply, and the table's hour holds it back.
    await runInDurableObject(await addressStubOf(address), (_instance, state) => void state.storage.sql.exec('DELETE FROM earned'));
    sent = [];
    await playAway(table, GAME.actions.slice(3, 5), 3);
    await deliveriesDone(table);
    expect(sent, 'a turn mail no reply earned').toEqual([]);
    const log = await sql<{ detail: string | null }>(table, "SELECT detail FROM delivery_log WHERE event = 'turn' ORDER BY id DESC LIMIT 1");
    expect(log[0]!.detail).toMatch(/the table sent its limit/);
  });
});
