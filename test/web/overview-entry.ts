/** An overview entry of a seat's link (API.md, POST /api/tables/overview) for the web tests: a table in its auction, with a clock; `change` overrides. */
import type { OverviewEntry } from '../../web/src/api-later.js';

type TableSummary = Extract<OverviewEntry, { ok: true }>;

export const overviewEntry = (change: Partial<TableSummary> = {}): OverviewEntry => ({
  tableId: 't1',
  ok: true,
  name: 'Stammtisch',
  seat: 0,
  seats: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
  phase: 'auction',
  gameNumber: 1,
  games: 3,
  seriesOver: false,
  turn: 1,
  owesMove: false,
  version: 1,
  deadline: '2026-12-03T10:00:00.000Z',
  lastChangeAt: '2026-12-02T10:00:00.000Z',
  moveDeadlineHours: 24,
  ended: false,
  vacation: { until: null, hoursLeft: 72, hoursAvailable: 72 },
  ...change,
});
