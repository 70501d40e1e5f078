/**
 * Moves a deployment's history from the layout before (full records in D1's games_v1) to
 * records in R2 with an index row per game in D1 (docs/deploying.md, "Moving the history to
 * R2"), by POST /api/ops/history/migrate a batch at a time until none is left:
 *
 *   OPS_TOKEN=… npm run history:migrate -- https://wallachen.example [--batch 200]
 *
 * Stop it at any time (Ctrl-C) and start it again: the games still in the old table are the
 * cursor, and a batch cut short is made good by the next, without a game lost or doubled.
 */
export {};

const [origin, ...rest] = process.argv.slice(2);
const token = process.env.OPS_TOKEN;
const batchArg = rest.indexOf('--batch');
const batch = batchArg >= 0 ? rest[batchArg + 1] : '200';
if (origin === undefined || token === undefined || batch === undefined) {
  console.error('usage: OPS_TOKEN=… npm run history:migrate -- <origin, e.g. https://wallachen.example> [--batch <1 to 200>]');
  process.exit(2);
}

let moved = 0;
const start = Date.now();
for (;;) {
  const res = await fetch(new URL(`/api/ops/history/migrate?limit=${encodeURIComponent(batch)}`, origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { moved: number; remaining: number } | { error: { code: string; message: string } };
  if (!res.ok || 'error' in body) {
    console.error(`HTTP ${res.status} ${JSON.stringify(body)}: stopped after ${moved} games; run the command again to go on from where it stopped`);
    process.exit(1);
  }
  moved += body.moved;
  const rate = moved / Math.max((Date.now() - start) / 1000, 0.001);
  console.log(
    `${moved} games moved, ${body.remaining} left${body.remaining > 0 ? ` (about ${Math.ceil(body.remaining / rate)} s at ${Math.round(rate)} games/s)` : ''}`,
  );
  if (body.remaining === 0) break;
}
console.log('done: every game of the old table is in R2 with its index row; the old table is empty (docs/deploying.md says when to drop it)');
