/**
 * An operator's replay of a table's history rows that D1 refused for a day (dead letters,
 * worker/table/outbox.ts), once D1 takes them again:
 *
 *   OPS_TOKEN=… npm run history:replay -- https://wallachen.example <tableId> [<tableId> …]
 *
 * Lists each table's dead letters (kind, since when, the last error), then replays them.
 * The log line "kept as a dead letter" of a table names its id.
 */
export {};

const [origin, ...tableIds] = process.argv.slice(2);
const token = process.env.OPS_TOKEN;
if (origin === undefined || tableIds.length === 0 || token === undefined) {
  console.error('usage: OPS_TOKEN=… npm run history:replay -- <origin, e.g. https://wallachen.example> <tableId> [<tableId> …]');
  process.exit(2);
}

const call = async (method: string, path: string): Promise<unknown> => {
  const res = await fetch(new URL(path, origin), { method, headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
};

let failed = false;
for (const id of tableIds) {
  try {
    const { deadLetters } = (await call('GET', `/api/ops/tables/${id}/history`)) as { deadLetters: unknown[] };
    console.log(`table ${id}: ${deadLetters.length} dead letters`, deadLetters);
    const { replayed } = (await call('POST', `/api/ops/tables/${id}/history/replay`)) as { replayed: number };
    console.log(`table ${id}: ${replayed} put back in line; they are written now (check again with this script: 0 left)`);
  } catch (error) {
    failed = true;
    console.error(`table ${id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
