/**
 * A rotated seat's mails (API.md "Table admin", worker/table/deliveries.ts): a mail derives
 * the seat's link from its token's nonce when it is sent, so after a rotation every mail
 * carries the new link and none the old one. Mails are watched at TableObject.sendEmail, as
 * in mail.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TableObject } from '../../worker/table/table-object.js';
import { command } from './admin-support.js';
import { confirmAt, createTable, handMade, newAddress, playAway, tableFor } from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');

let mails: { to: string; text: string }[] = [];

beforeEach(() => {
  mails = [];
  vi.spyOn(TableObject.prototype as unknown as { sendEmail(message: EmailMessageBuilder): Promise<void> }, 'sendEmail').mockImplementation(
    async (message) => void mails.push(message as unknown as { to: string; text: string }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a rotated seat's mails", () => {
  it('carry the new link from the rotation on, never the old one', async () => {
    const address = newAddress('rotated');
    const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
    await confirmAt(table, address);
    const old = table.seats[0]!;
    expect(mails.map((m) => m.text.includes(old.url))).toEqual([false, true]); // the confirmation, the move owed
    const rotated = await command<{ token: string; url: string }>(table, { type: 'rotate', seat: 0 });
    // The players go on with the seat's new link (playAway reads every seat's view with its link).
    table.seats[0] = { ...old, token: rotated.token, url: rotated.url };
    mails = [];
    await playAway(table, GAME.actions, 0);
    const toSeat = mails.filter((m) => m.to === address);
    expect(toSeat.length).toBeGreaterThan(1);
    for (const mail of toSeat) {
      expect(mail.text).toContain(rotated.url);
      expect(mail.text).not.toContain(old.token);
    }
  });
});
