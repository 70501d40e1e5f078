/**
 * Tables created on this device, with their links, so a creator who closes the share
 * screen does not lose them. Kept in localStorage only, never sent anywhere.
 */
import type { CreatedTable } from '../api-later.js';
import { readStored, writeStored } from '../prefs.js';

export interface SavedTable {
  readonly tableId: string;
  readonly name: string;
  readonly createdAt: string;
  readonly seats: readonly { readonly name: string; readonly url: string }[];
  readonly spectatorUrl: string;
  /** The admin link (absent for tables saved before there was one). */
  readonly adminUrl?: string;
}

const KEY = 'wallachen.tables';

export function savedTables(): SavedTable[] {
  try {
    const list = JSON.parse(readStored(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as SavedTable[]).filter((t) => typeof t?.tableId === 'string') : [];
  } catch {
    return [];
  }
}

export function saveTable(created: CreatedTable, name: string, seatNames: readonly string[]): SavedTable {
  const saved: SavedTable = {
    tableId: created.tableId,
    name,
    createdAt: new Date().toISOString(),
    seats: created.seats.map((s) => ({ name: seatNames[s.seat] ?? '', url: s.url })),
    spectatorUrl: created.spectator.url,
    adminUrl: created.admin.url,
  };
  writeStored(KEY, JSON.stringify([saved, ...savedTables().filter((t) => t.tableId !== saved.tableId)].slice(0, 50)));
  return saved;
}

export function forgetTable(tableId: string): SavedTable[] {
  const rest = savedTables().filter((t) => t.tableId !== tableId);
  writeStored(KEY, JSON.stringify(rest));
  return rest;
}

/**
 * A link of a saved table replaced on the admin page (API.md "Table admin"): the saved
 * table shows the new one, so the old one is not handed out again from "Your tables".
 */
export function replaceSavedLink(tableId: string, owner: number | 'spectator' | 'admin', url: string): void {
  const tables = savedTables();
  const table = tables.find((t) => t.tableId === tableId);
  if (table === undefined) return;
  const replaced: SavedTable =
    owner === 'admin'
      ? { ...table, adminUrl: url }
      : owner === 'spectator'
        ? { ...table, spectatorUrl: url }
        : { ...table, seats: table.seats.map((s, i) => (i === owner ? { ...s, url } : s)) };
  writeStored(KEY, JSON.stringify(tables.map((t) => (t === table ? replaced : t))));
}
