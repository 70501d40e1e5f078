/**
 * Finished games' records in R2: one object per game, its PublishedGame as JSON, gzipped
 * (CompressionStream). JSON rather than the game notation (shared/notation.ts): the record
 * is read back as the API answers it (seed, commitment, auto marks and all) without a
 * parser in the Worker, and gzip takes JSON to about the notation's size (docs/benchmarks.md,
 * "History capacity").
 */
import type { PublishedGame } from '../published/published.js';

/** Where a game's record is: derived from its index row (schema.ts), so the row stores no key. */
export const recordKey = (tableId: string, series: number, dealIndex: number): string => `games/${tableId}/${series}/${dealIndex}.json.gz`;

/** The key of a record as published (games written before series belong to the first). */
export const keyOf = (tableId: string, game: PublishedGame): string => recordKey(tableId, game.series ?? 1, game.dealIndex);

async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

/** Writes the record (again: the same key and bytes, so a retry changes nothing). */
export async function putRecord(bucket: R2Bucket, tableId: string, game: PublishedGame): Promise<void> {
  await bucket.put(keyOf(tableId, game), await gzip(JSON.stringify(game)), {
    httpMetadata: { contentType: 'application/json', contentEncoding: 'gzip' },
  });
}

/** The record under `key`, or null when R2 has none. */
export async function getRecord(bucket: R2Bucket, key: string): Promise<PublishedGame | null> {
  const object = await bucket.get(key);
  if (object === null) return null;
  return (await new Response(object.body.pipeThrough(new DecompressionStream('gzip'))).json()) as PublishedGame;
}
