/**
 * R7.12: where "Claim the rest" appears, below the seat's controls. Part of the later parts
 * (later-parts.ts); the claim's search (ClaimRest.tsx, with shared/claims.ts) is a chunk of its
 * own, loaded only when a claim can matter.
 */
import { lazyPage } from '../lazy.js';
import type { TableView } from '../api.js';
import type { TableState } from './useTable.js';

const ClaimRest = lazyPage<{ view: TableView; table: TableState }>(
  () => import('./ClaimRest.js'),
  () => <></>,
);

/**
 * When the claim's code is worth loading: a seat during play, claims on, no re pending, and at
 * most five tricks left, where sure endings are found (bench: claims.sureShare). Whether the
 * claim would be accepted is the engine's verdict (ClaimRest.tsx), never decided here.
 */
const claimMayMatter = (view: TableView): boolean =>
  view.seat !== null && view.phase === 'play' && view.options.claims && !view.awaitingRe && view.trickWinners.length >= 5;

export function ClaimSlot({ view, table }: { view: TableView; table: TableState }) {
  return claimMayMatter(view) ? <ClaimRest view={view} table={table} /> : null;
}
