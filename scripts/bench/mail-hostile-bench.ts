/**
 * `npm run bench:mail` (and `npm run bench`): what a hostile reply costs the mail parser
 * Worker where it runs, in workerd (docs/benchmarks.md, "Incoming mail", issue 36). The parser
 * is built as `npm run deploy` uploads it (scripts/build/mail-parser-build.ts) and called by
 * RPC through a service binding with what the main Worker's email handler hands it (the
 * first MAX_PARSED_BYTES). Time inside a Worker cannot be read (its clock stands still while
 * it computes), so each figure is a difference of round trips from this process: one that
 * parses the message 11 times less one that parses it once, over 10; medians of RUNS.
 *
 * - mail.hostileReplyMs.<shape>: a message of 1 MiB (the most a reply may be) whose HTML is
 *   one shape that took the old reading quadratic time (480 KB of `<div` took 39 s), the
 *   slower of HTML alone and HTML beside a plain part (which postal-mime reads to text
 *   itself). Bar: 50 ms.
 * - mail.hostileReplyGrowth.<shape>: the same at 1 MiB over 256 KiB: time linear in the size
 *   grows at most 4-fold.
 * - mail.plainReplyMs: a three-line reply in the same runtime, the reference.
 * In Node (bench:engine) the same parse of 64 KiB takes 30–80 ms, nearly all of it Node's
 * Blob, which postal-mime assembles a part's lines in; workerd's Blob is native.
 */
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { median, report } from './bench-line.js';
import setup, { mailParserWorker } from '../build/mail-parser-build.js';
import { HOSTILE_SHAPES, hostileMessage } from './mail-bench.js';
import { MAX_PARSED_BYTES } from '../../worker/routes/mail-incoming.js';

const RUNS = Number(process.env.MAIL_HOSTILE_RUNS ?? 7);

setup();
const parser = mailParserWorker();
const mf = new Miniflare(
  convertV4MiniflareOptions({
    workers: [
      {
        name: 'caller',
        modules: true,
        compatibilityDate: parser.compatibilityDate,
        // As the email handler does: the first MAX_PARSED_BYTES of the message to the parser by
        // RPC; `n` times, so that the round trip's own cost drops out of the difference.
        script: `export default { async fetch(request, env) {
        const raw = (await request.arrayBuffer()).slice(0, ${MAX_PARSED_BYTES});
        const n = Number(new URL(request.url).searchParams.get('n'));
        let moves = 0;
        for (let i = 0; i < n; i++) if ((await env.MAIL_PARSER.parse(raw)).move.ok) moves++;
        return new Response(String(moves));
      } }`,
        serviceBindings: { MAIL_PARSER: parser.name },
      },
      parser,
    ],
  }),
);

/** Round trips handing `raw` to the parser `n` times, the median of RUNS (after one to warm up), in ms. */
async function roundTrip(raw: Uint8Array, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const start = performance.now();
    const res = await mf.dispatchFetch(`http://bench.local/?n=${n}`, { method: 'POST', body: raw });
    await res.text();
    if (i > 0) times.push(performance.now() - start);
  }
  return median(times);
}

/** What one handling of `raw` costs in the runtime, in ms: 11 parses less 1, over 10 (the transfer and the round trip drop out). */
const handled = async (raw: Uint8Array): Promise<number> => Math.max(0, ((await roundTrip(raw, 11)) - (await roundTrip(raw, 1))) / 10);

try {
  const plain = new TextEncoder().encode(
    ['From: Vroni <vroni@example.com>', 'To: moves+x@wallachen.example', 'Subject: Re', '', 'pass', '', '> it is your move', ''].join('\r\n'),
  );
  report('mail.plainReplyMs', await handled(plain), 'ms');
  for (const [shape, unit] of Object.entries(HOSTILE_SHAPES)) {
    const at = async (bytes: number): Promise<number> =>
      Math.max(await handled(hostileMessage(unit, bytes, false)), await handled(hostileMessage(unit, bytes, true)));
    const [quarter, whole] = [await at(262_144), await at(1_048_576)];
    report(`mail.hostileReplyMs.${shape}`, whole, 'ms');
    report(`mail.hostileReplyGrowth.${shape}`, whole / quarter, 'x (1 MiB / 256 KiB; linear: at most 4)');
  }
} finally {
  await mf.dispose();
}
