/**
 * "Forget" under Your tables: everything this device keeps about a table goes, so that
 * nothing left in localStorage opens it again or shows what it showed: its links (with their
 * tokens), the last view of each (a seat's hand), which links get pushes here, and the marks
 * kept per table (chat read up to, confirm moves, last result seen). First the table is asked
 * to stop pushing to this device (stopPushesHere); a link's other settings (mail, webhook, the
 * seat's other devices) stay with the table.
 */
import { ApiError } from '../api.js';
import { saveNotifications } from '../api-later.js';
import { forgetTable } from './saved-tables.js';
import { forgetLinks, openedLinks } from '../opened-links.js';
import { removeStoredWhere } from '../prefs.js';
import { forgetViews } from '../table/last-view.js';
import { currentSubscription, pushSupported } from '../table/push-device.js';
import { forgetPushLinks, pushLinksOf } from '../table/push-links.js';

/** A mark kept per table is keyed "wallachen.{what}.{tableId}" or "wallachen.{what}.{tableId}.{seat}" (a table id holds no dot). */
const isMarkOf = (tableId: string) => (key: string) => {
  const [app, , table] = key.split('.');
  return app === 'wallachen' && table === tableId;
};

/** Answers that leave nothing to stop: the table gone (404, 410), or the link refused (401: replaced, its devices removed with it; 403: a spectator's). */
const NOTHING_TO_STOP: ReadonlySet<number> = new Set([401, 403, 404, 410]);

/**
 * Asks the table to stop pushing to this device, before it is forgotten here: for each link
 * of `tableId` this device keeps (those it turned pushes on with, push-links.ts, and the others
 * of Your tables), PUT …/notifications with `pushRemove` and this browser's endpoint, which
 * removes this device's subscription and no other device's of the seat (`push: null` would
 * remove them all).
 * Answers null when nothing is left to stop: no push on this device, the subscription
 * removed, or a table that holds none for the link (NOTHING_TO_STOP). Answers the failure
 * otherwise (offline, the server failing, too many requests): the caller keeps the table and
 * its links, so that it can be tried again.
 */
export async function stopPushesHere(tableId: string): Promise<ApiError | null> {
  if (!pushSupported()) return null;
  let endpoint: string | null;
  try {
    endpoint = (await currentSubscription())?.endpoint ?? null;
  } catch {
    return null; // no service worker to ask: this browser holds no subscription here
  }
  if (endpoint === null) return null;
  // Also the links kept here without a note of their pushes (a note lost): the table answers one with nothing to stop all the same.
  const opened = openedLinks().filter((l) => l.tableId === tableId);
  const tokens = new Set([...pushLinksOf(tableId), ...opened].map((l) => l.token));
  for (const token of tokens) {
    try {
      await saveNotifications(tableId, token, { pushRemove: endpoint });
    } catch (err) {
      const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
      if (!NOTHING_TO_STOP.has(failure.status)) return failure;
    }
  }
  return null;
}

/** Removes everything this device keeps about `tableId` (nothing is asked of the server: stopPushesHere first). */
export function forgetTableHere(tableId: string): void {
  forgetTable(tableId);
  forgetLinks(tableId);
  forgetViews(tableId);
  forgetPushLinks(tableId);
  removeStoredWhere(isMarkOf(tableId));
}
