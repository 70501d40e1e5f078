/**
 * The last view of each link opened on this device, so that a table seen before shows at once
 * on a revisit (and when the installed app starts offline), as it was last seen, until the
 * live view replaces it (useTable; the service worker keeps the app's code, not the API's
 * answers). Kept in localStorage beside the opened links (opened-links.ts), for the few links
 * used last, and shown only for the very link it was read with: a view holds that seat's own
 * cards, which another link of the same table may not see (R10.2). Forgotten with the table
 * (create/forget-table.ts), when the table is gone, and when the link is refused.
 *
 * Each link's view has a key of its own, "wallachen.lastView.{tableId}.{token}", and a page
 * writes only its own: the pages of one device see each other's writes late (each has its own
 * copy of localStorage, brought up to date after the fact), so a page rewriting one list of
 * every view, as it did on each live update, wrote back what another page had just removed.
 */
import type { TableView } from '../api.js';
import { readStored, removeStoredWhere, storedKeys, writeStored } from '../prefs.js';

const PREFIX = 'wallachen.lastView.';
/** The links played last; older views go first. */
const MAX_VIEWS = 10;

export interface LastView {
  readonly tableId: string;
  readonly token: string;
  /** When this device last received it (ISO). */
  readonly savedAt: string;
  readonly view: TableView;
}

/** A table's keys start with this (a table id holds no dot; create/forget-table.ts counts on the same). */
const tablePrefix = (tableId: string): string => `${PREFIX}${tableId}.`;
const keyOf = (tableId: string, token: string): string => tablePrefix(tableId) + token;

function kept(key: string): LastView | null {
  try {
    const value = JSON.parse(readStored(key) ?? 'null') as LastView | null;
    return typeof value?.savedAt === 'string' && value.view != null ? value : null;
  } catch {
    return null;
  }
}

export function rememberView(tableId: string, token: string, view: TableView, now = new Date()): void {
  const own = keyOf(tableId, token);
  writeStored(own, JSON.stringify({ tableId, token, savedAt: now.toISOString(), view }));
  // The one list every view was kept in before (its views are not moved: a cache, read again live).
  writeStored('wallachen.lastViews', null);
  // Only the links used last keep theirs, this one first: the oldest others go (a page still showing one writes it again).
  const others = storedKeys().filter((key) => key.startsWith(PREFIX) && key !== own);
  // Read (parsed) only when some must go: not on every live update of a device's few tables.
  if (others.length < MAX_VIEWS) return;
  others
    .map((key) => [key, kept(key)?.savedAt ?? ''] as const)
    .sort((a, b) => b[1].localeCompare(a[1]))
    .slice(MAX_VIEWS - 1)
    .forEach(([key]) => writeStored(key, null));
}

export const recallView = (tableId: string, token: string): LastView | null => kept(keyOf(tableId, token));

/** Forgets the last view of one link. */
export const forgetView = (tableId: string, token: string): void => writeStored(keyOf(tableId, token), null);

/** Forgets the last views of every link of `tableId` (they hold a seat's cards). */
export const forgetViews = (tableId: string): void => removeStoredWhere((key) => key.startsWith(tablePrefix(tableId)));
