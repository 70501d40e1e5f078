/**
 * `mail.replyHandleMs` (docs/benchmarks.md, "Incoming mail"): what the Worker's CPU does with
 * one move by reply (worker/routes/mail-incoming.ts and the table's reply path), in
 * this Node process: what the mail parser Worker does (worker/mail-parser/parse-reply.ts:
 * parse the raw message with postal-mime, read its move's line and the move), and apply it to the series (the
 * engine's step of the action path). The message is a reply as mail programs send it:
 * multipart/alternative, plain and HTML, the turn mail quoted in both (about 8 KB). Not in
 * it: the Durable Object's round trip, its SQL and the answer mail's hand-over, the same as
 * for any action (the worker.post* figures of `npm run bench:worker:post`).
 */
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { shuffleDeal } from '../../shared/deal.js';
import { parseReply } from '../../worker/mail-parser/parse-reply.js';
import { median } from './bench-line.js';

const RUNS = Number(process.env.MAIL_BENCH_RUNS ?? 2001);

const QUOTED_TURN_MAIL = Array.from(
  { length: 30 },
  (_, i) => `> line ${i} of the turn mail: it is your move at the table "Stammtisch" (game 2/3). To the table: https://wallachen.example/t/x`,
);

function replyMessage(): string {
  const boundary = 'b1_reply_boundary';
  const html = `<html><head><style>p{margin:0}</style></head><body><div dir="ltr">bid&nbsp;6</div><br><div class="gmail_quote"><blockquote>${QUOTED_TURN_MAIL.join('<br>\r\n')}</blockquote></div></body></html>`;
  return [
    'From: Vroni <vroni@example.com>',
    'To: moves+abcdefghijkmnpqr-abcdefghijkmnpqrstuvwxyz23@wallachen.example',
    'Subject: Re: Wallachen: your turn at Stammtisch',
    'Message-ID: <bench@mail.example.com>',
    'Date: Tue, 1 Dec 2026 21:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'bid 6',
    '',
    'Am Di., 1. Dez. 2026 um 20:00 Uhr schrieb Wallachen <noreply@wallachen.example>:',
    ...QUOTED_TURN_MAIL,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

function auctionStarted(): { series: SeriesState; seat: number } {
  const started = startSeries({ doubling: false, firstDealer: 0 });
  if (!started.ok) throw new Error(started.error.message);
  const dealt = dealNextGame(started.value, shuffleDeal());
  if (!dealt.ok) throw new Error(dealt.error.message);
  return { series: dealt.value, seat: 1 }; // forehand bids first (R4)
}

/** The median and the 99th percentile of handling one reply, in ms. */
export async function measureReplyHandling(): Promise<{ medianMs: number; p99Ms: number; bytes: number }> {
  const raw = new TextEncoder().encode(replyMessage());
  const { series, seat } = auctionStarted();
  const handle = async (): Promise<void> => {
    const { move } = await parseReply(raw);
    if (!move.ok) throw new Error(`bench: the reply was not read as a move: ${move.error.message}`);
    const applied = applySeriesAction(series, seat, move.value);
    if (!applied.ok) throw new Error(`bench: the move was refused: ${applied.error.message}`);
  };
  for (let i = 0; i < 200; i++) await handle(); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await handle();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: median(times), p99Ms: times[Math.floor(times.length * 0.99)]!, bytes: raw.byteLength };
}

/** The shapes that took quadratic time before (issue 36): 480 KB of `<div` took 39 s to handle. */
export const HOSTILE_SHAPES: Readonly<Record<string, string>> = {
  div: '<div',
  head: '<head>',
  blockquote: '<blockquote',
  comment: '<!--',
  tag: '<a ',
  lt: '<',
};

/** A message of at most `bytes` whose HTML part is `shape` again and again: alone, or beside a plain part (which postal-mime then reads to text itself). */
export function hostileMessage(shape: string, bytes: number, beside: boolean): Uint8Array {
  const headers = ['From: Vroni <vroni@example.com>', 'To: moves+x@wallachen.example', 'Subject: Re', 'MIME-Version: 1.0'];
  // In lines of 76 characters, as mail is written (RFC 5322 allows 998): the parser reads whole lines.
  const html = shape.repeat(Math.floor((bytes - 512) / shape.length / 1.03)).replace(/[^]{76}/g, '$&\r\n');
  const lines = beside
    ? [
        ...headers,
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'pass',
        '--b',
        'Content-Type: text/html',
        '',
        html,
        '--b--',
        '',
      ]
    : [...headers, 'Content-Type: text/html; charset=utf-8', '', html, ''];
  return new TextEncoder().encode(lines.join('\r\n'));
}
