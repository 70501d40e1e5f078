/**
 * The last view of each link opened on this device, so that a table seen before shows at once
 * on a revisit (and when the installed app starts offline), as it was last seen, until the
 * live view replaces it (useTable; the service worker keeps the app's code, not the API's
 * answers). Kept in localStorage beside the opened links (opened-links.ts), for the few links
 * used last, and shown only for the very link it was read with: a view holds that seat's own
 * cards, which another link of the same table may not see (R10.2). Forgotten with the table
 * (forget-table.ts), when the table is gone, and when the link is refused.
 */
import type { TableView } from '../api.js';
import { readStored, writeStored } from '../prefs.js';

const KEY = 'wallachen.lastViews';
/** The links played last; older views go first. */
const MAX_VIEWS = 10;

export interface LastView {
  readonly tableId: string;
  readonly token: string;
  /** When this device last received it (ISO). */
  readonly savedAt: string;
  readonly view: TableView;
}

function stored(): LastView[] {
  try {
    const list = JSON.parse(readStored(KEY) ?? '[]') as unknown;
    return Array.isArray(list)
      ? (list as LastView[]).filter((v) => typeof v?.tableId === 'string' && typeof v.token === 'string' && v.view != null)
      : [];
  } catch {
    return [];
  }
}

/** The kept views but the one of this link. */
const othersThan = (tableId: string, token: string): LastView[] => stored().filter((v) => !(v.tableId === tableId && v.token === token));

export function rememberView(tableId: string, token: string, view: TableView, now = new Date()): void {
  writeStored(KEY, JSON.stringify([{ tableId, token, savedAt: now.toISOString(), view }, ...othersThan(tableId, token)].slice(0, MAX_VIEWS)));
}

export function recallView(tableId: string, token: string): LastView | null {
  return stored().find((v) => v.tableId === tableId && v.token === token) ?? null;
}

/** Forgets the last view of one link. */
export function forgetView(tableId: string, token: string): void {
  writeStored(KEY, JSON.stringify(othersThan(tableId, token)));
}

/** Forgets the last views of every link of `tableId` (they hold a seat's cards). */
export function forgetViews(tableId: string): void {
  writeStored(KEY, JSON.stringify(stored().filter((v) => v.tableId !== tableId)));
}
