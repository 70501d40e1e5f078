/**
 * "Your tables": every table this device knows, from the tables created here (with all their
 * links) and the links opened here, one link per table to ask the overview with, and their
 * order: the tables waiting for your move first, then the most recently changed.
 */
import type { OverviewEntry } from '../api-later.js';
import type { OpenedLink } from '../opened-links.js';
import type { SavedTable } from './saved-tables.js';

/** The overview takes at most this many links (API.md, POST /api/tables/overview); the most recent tables are asked about. */
export const MAX_TABLES = 50;

export interface DeviceTable {
  readonly tableId: string;
  /** The name this device last saw, until the overview answers. */
  readonly name: string;
  /** The link asked about and opened: the seat link last opened here, else (a table created here) the spectator link. */
  readonly token: string;
  /** Every link of a table created on this device, to send again. */
  readonly created: SavedTable | null;
  /** When this device last opened or created it (ISO). */
  readonly since: string;
}

export const tableUrl = (table: Pick<DeviceTable, 'tableId' | 'token'>): string => `/t/${table.tableId}#${table.token}`;

/** The token in a link's fragment ("…/t/{id}#token"), or null. */
function tokenOfUrl(url: string): string | null {
  const hash = url.indexOf('#');
  return hash < 0 || hash === url.length - 1 ? null : decodeURIComponent(url.slice(hash + 1));
}

/** One entry per table, the most recent first, at most MAX_TABLES. */
export function tablesOnThisDevice(created: readonly SavedTable[], opened: readonly OpenedLink[]): DeviceTable[] {
  const tables = new Map<string, DeviceTable>();
  // Newest first: the first link of a table seen is the one last opened here.
  for (const link of [...opened].sort((a, b) => b.openedAt.localeCompare(a.openedAt))) {
    if (!tables.has(link.tableId))
      tables.set(link.tableId, { tableId: link.tableId, name: link.name, token: link.token, created: null, since: link.openedAt });
  }
  for (const table of created) {
    const known = tables.get(table.tableId);
    if (known !== undefined) {
      tables.set(table.tableId, { ...known, created: table, since: known.since > table.createdAt ? known.since : table.createdAt });
      continue;
    }
    const token = tokenOfUrl(table.spectatorUrl);
    if (token !== null) tables.set(table.tableId, { tableId: table.tableId, name: table.name, token, created: table, since: table.createdAt });
  }
  return [...tables.values()].sort((a, b) => b.since.localeCompare(a.since)).slice(0, MAX_TABLES);
}

export const owesMove = (entry: OverviewEntry | undefined): boolean => entry?.ok === true && entry.owesMove;

/** Your moves first, then the rest by their last change (or, without an answer, by when this device last saw them), newest first. */
export function inOrder(tables: readonly DeviceTable[], entries: ReadonlyMap<string, OverviewEntry>): DeviceTable[] {
  const changed = (table: DeviceTable) => {
    const entry = entries.get(table.tableId);
    return entry?.ok ? entry.lastChangeAt : table.since;
  };
  return [...tables].sort(
    (a, b) => Number(owesMove(entries.get(b.tableId))) - Number(owesMove(entries.get(a.tableId))) || changed(b).localeCompare(changed(a)),
  );
}

/** How many tables wait for a move of yours: the count in the tab's title. */
export const waitingCount = (tables: readonly DeviceTable[], entries: ReadonlyMap<string, OverviewEntry>): number =>
  tables.filter((t) => owesMove(entries.get(t.tableId))).length;
