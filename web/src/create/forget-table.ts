/**
 * "Forget" under Your tables: everything this device keeps about a table goes, so that
 * nothing left in localStorage opens it again or shows what it showed: its links (with their
 * tokens), the last view of each (a seat's hand), which links get pushes here, and the marks
 * kept per table (chat read up to, confirm moves, last result seen). The server is not asked:
 * a link's own settings (mail, webhook, pushes) stay with the table.
 */
import { forgetTable } from './saved-tables.js';
import { forgetLinks } from '../opened-links.js';
import { removeStoredWhere } from '../prefs.js';
import { forgetViews } from '../table/last-view.js';
import { forgetPushLinks } from '../table/push-device.js';

/** A mark kept per table is keyed "wallachen.{what}.{tableId}" or "wallachen.{what}.{tableId}.{seat}" (a table id holds no dot). */
const isMarkOf = (tableId: string) => (key: string) => {
  const [app, , table] = key.split('.');
  return app === 'wallachen' && table === tableId;
};

export function forgetTableHere(tableId: string): void {
  forgetTable(tableId);
  forgetLinks(tableId);
  forgetViews(tableId);
  forgetPushLinks(tableId);
  removeStoredWhere(isMarkOf(tableId));
}
