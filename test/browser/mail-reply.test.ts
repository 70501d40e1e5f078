/**
 * Moves by reply mail (issue 26), end to end on `wrangler dev`: the turn mail the local
 * binding sent carries a Reply-To; a reply to
 * it, posted as Email Routing would deliver it (`POST /cdn-cgi/handler/email?from=…&to=…`),
 * plays the move, and a page open at the table shows it live, without a reload.
 */
import { expect, inject, it } from 'vitest';
import { confirmAddress, createTable, expectNoProblems, openPage, readView, tableAttributes, useChromium, waitForVersion } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

interface SentEmail {
  readonly to?: readonly string[] | string;
  readonly replyTo?: string;
  readonly subject?: string;
}

/**
 * The Reply-To of the turn mail to `address` that names `tableId`, once `wrangler dev` has
 * sent it: its local explorer lists what the EMAIL binding sent
 * (`GET /cdn-cgi/local/explorer/api/local/email/sending`).
 */
async function replyToOf(address: string, tableId: string): Promise<string> {
  let last = '';
  for (let tries = 0; tries < 100; tries++) {
    const res = await fetch(`${base}/cdn-cgi/local/explorer/api/local/email/sending`);
    last = await res.text();
    if (res.ok) {
      const sent = ((JSON.parse(last) as { result?: SentEmail[] }).result ?? []).filter((m) => JSON.stringify(m.to).includes(address));
      const replyTo = sent.map((m) => m.replyTo).find((a) => a?.includes(tableId) === true);
      if (replyTo !== undefined) return replyTo.replace(/^.*<|>.*$/g, '');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} with a Reply-To for table ${tableId}: ${last.slice(0, 2000)}`);
}

it('a reply to the turn mail plays the move, and the open page shows it live', async () => {
  const address = `vroni.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const table = await createTable(base, { name: 'by mail', seats: [{ name: 'Vroni', email: address }, { name: 'Sepp' }, { name: 'Resi' }] });
  await confirmAddress(base, table.tableId, address); // the owed doubling decision is mailed at once
  const replyTo = await replyToOf(address, table.tableId);
  expect(replyTo).toMatch(new RegExp(`^moves\\+${table.tableId}-[a-z2-9]{26}@`));

  const page = await openPage(await chromium.context('desktop'), table.seats[0]!.url, 'seat 0');
  expect((await tableAttributes(page)).version).toBe(0);
  const raw = [
    `From: Vroni <${address}>`,
    `To: <${replyTo}>`,
    'Subject: Re: Wallachen: your turn',
    `Message-ID: <${crypto.randomUUID()}@mail.example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'no double',
    '',
    '> Hello Vroni,',
    '',
  ].join('\r\n');
  const res = await fetch(`${base}/cdn-cgi/handler/email?${new URLSearchParams({ from: address, to: replyTo })}`, { method: 'POST', body: raw });
  expect(res.status, await res.text()).toBe(200);
  await waitForVersion(page, 1, 10_000);
  expect((await readView(base, table.tableId, table.seats[0]!.token)).version).toBe(1);
  expectNoProblems([page]);
});
