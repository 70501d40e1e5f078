/**
 * A rotated seat's mails (API.md "Table admin", worker/table/deliveries.ts): the rotation
 * ends the old holder's address, and a mail derives the seat's link from its token's nonce
 * when it is sent, so every mail to the new holder's address carries the new link and none the old one. Mails are watched at TableObject.sendEmail, as
 * in mail.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { command } from './admin-support.js';
import { confirmAt, createTable, handMade, newAddress, playAway, putNotifications, tableFor, watchMail } from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');

let mails: { to: string; text: string }[] = [];

beforeEach(() => {
  mails = [];
  watchMail((mail: { to: string; text: string }) => void mails.push(mail));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a rotated seat's mails", () => {
  it('go only where the new holder asks, with the new link, never the old one', async () => {
    const address = newAddress('rotated');
    const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
    await confirmAt(table, address);
    const old = table.seats[0]!;
    expect(mails.map((m) => m.text.includes(old.url))).toEqual([false, true]); // the confirmation, the move owed
    const rotated = await command<{ token: string; url: string }>(table, { type: 'rotate', seat: 0 });
    // The rotation ended the old holder's address (rotation.test.ts); the new holder sets its own.
    const newHolders = newAddress('rotated-new');
    expect((await putNotifications(table.tableId, rotated.token, { email: newHolders })).status).toBe(200);
    await confirmAt(table, newHolders);
    // The players go on with the seat's new link (playAway reads every seat's view with its link).
    table.seats[0] = { ...old, token: rotated.token, url: rotated.url };
    mails = [];
    await playAway(table, GAME.actions, 0);
    expect(mails.filter((m) => m.to === address)).toEqual([]);
    const toSeat = mails.filter((m) => m.to === newHolders);
    expect(toSeat.length).toBeGreaterThan(1);
    for (const mail of toSeat) {
      expect(mail.text).toContain(rotated.url);
      expect(mail.text).not.toContain(old.token);
    }
  });
});
