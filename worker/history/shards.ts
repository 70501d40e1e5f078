/**
 * The history's D1 databases (docs/deploying.md, "More than one history database"): the
 * setting HISTORY_SHARDS (1 by default) says how many; shard 0 is the binding DB, shard k
 * the binding DB_k. A table's shard is chosen once, when it is made, from its id, and kept
 * with it (Settings.historyShard): a deployment that grows N sends new tables to the new
 * databases and moves no old row.
 */

/** The most databases a deployment may spread its history over (a Worker has at most 5,000 bindings; D1 allows many databases per account). */
export const MAX_HISTORY_SHARDS = 100;

/** The binding of shard `shard`. */
export const shardBinding = (shard: number): string => (shard === 0 ? 'DB' : `DB_${shard}`);

/** HISTORY_SHARDS as a count; a value that is not a whole number from 1 to MAX_HISTORY_SHARDS is a deployment's mistake, said plainly. */
export function shardCount(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 1;
  const count = Number(setting);
  if (!/^\d+$/.test(setting) || count < 1 || count > MAX_HISTORY_SHARDS)
    throw new Error(`HISTORY_SHARDS must be a whole number from 1 to ${MAX_HISTORY_SHARDS}, not "${setting}"`);
  return count;
}

/** The D1 database of shard `shard`, or an error that names the binding missing from wrangler.toml. */
export function historyDatabase(env: object, shard: number): D1Database {
  const name = shardBinding(shard);
  const binding: unknown = Reflect.get(env, name);
  if (typeof binding !== 'object' || binding === null || !('prepare' in binding))
    throw new Error(`the history database binding ${name} is missing (docs/deploying.md)`);
  return binding as D1Database;
}

/** FNV-1a of the table id, a stable spread over the shards: the same id always gives the same shard for the same count. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The shard a new table's history goes to; checks that its database is bound, so a table is never made with a history that cannot be written. */
export function shardForNewTable(env: { readonly HISTORY_SHARDS?: string }, tableId: string): number {
  const shard = fnv1a(tableId) % shardCount(env.HISTORY_SHARDS);
  historyDatabase(env, shard);
  return shard;
}
