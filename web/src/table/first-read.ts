/**
 * A table page's first read of its view, started by main.tsx before the reader's texts are
 * loaded, so that the view and the code travel together rather than one after the other.
 * useTable takes it once, and only for the very table and link it was asked with.
 */
import { fetchView, type TableView } from '../api.js';
import { tokenFromLocation, type Route } from '../router.js';

let first: { readonly tableId: string; readonly token: string; readonly view: Promise<TableView> } | null = null;

export function readFirst(route: Route): void {
  if (route.page !== 'table' && route.page !== 'embed') return;
  const token = tokenFromLocation();
  if (token === '') return;
  const view = fetchView(route.tableId, token);
  // Its failure is useTable's to show, once it takes it; until then it is not unhandled.
  view.catch(() => undefined);
  first = { tableId: route.tableId, token, view };
}

/** The view read at the start for this table and link, once; null if none was (or it was taken). */
export function takeFirstRead(tableId: string, token: string): Promise<TableView> | null {
  if (first === null || first.tableId !== tableId || first.token !== token) return null;
  const { view } = first;
  first = null;
  return view;
}
