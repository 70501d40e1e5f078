/**
 * Who may frame the table (API.md "Embedding"): the origins allowed to frame a seat's embed
 * page, and whether any site may frame the spectator's. Kept in the table's SQLite storage;
 * read by the Worker on every embed page it serves (TableObject.embedPolicy), so one row.
 */
import type { EmbedPolicy } from '../model/contract.js';

/** What a table that never changed it allows, and what the Worker answers for an unknown table id (so that an id's existence does not show). */
export const DEFAULT_EMBED_POLICY: EmbedPolicy = { frameOrigins: [], spectatorEmbeds: true };

type Row = Record<string, SqlStorageValue>;

export class EmbedStorage {
  constructor(private readonly sql: SqlStorage) {}

  policy(): EmbedPolicy {
    const row = this.sql.exec<Row>('SELECT frame_origins, spectator_embeds FROM embedding WHERE id = 1').toArray()[0];
    if (row === undefined) return DEFAULT_EMBED_POLICY;
    return { frameOrigins: JSON.parse(row.frame_origins as string) as string[], spectatorEmbeds: row.spectator_embeds === 1 };
  }

  save(policy: EmbedPolicy): void {
    this.sql.exec(
      'INSERT OR REPLACE INTO embedding (id, frame_origins, spectator_embeds) VALUES (1, ?, ?)',
      JSON.stringify(policy.frameOrigins),
      policy.spectatorEmbeds ? 1 : 0,
    );
  }
}
