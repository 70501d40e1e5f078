/**
 * What a committed change counts for the operator (metrics.ts), from the change and the table
 * before and after it: a table made, deals dealt (games started), records written (games
 * finished), an action with who made it. Nothing of the change itself goes further than
 * these words: not its cards, its seat or its table.
 */
import type { Change } from './change.js';
import type { Table } from '../../model/table.js';
import type { ActionBy, OpsEvent } from '../../ops/metrics.js';

export function eventsOfChange(change: Change, before: Table | null, after: Table): OpsEvent[] {
  const events: OpsEvent[] = [];
  if (before === null) events.push(['table_created']);
  if (change.type === 'action') events.push(['action', change.action.type, actionBy(change, after)]);
  const finished = before === null || after.series === before.series ? 0 : finishedSince(before, after);
  for (let i = 0; i < finished; i++) events.push(['game_finished']);
  for (let i = after.deals.length - (before?.deals.length ?? 0); i > 0; i--) events.push(['game_started']);
  return events;
}

/** Records the change wrote: a new series starts with none, having written its last game's before. */
function finishedSince(before: Table, after: Table): number {
  const newSeries = after.seriesStarts.length > before.seriesStarts.length;
  return newSeries ? 0 : after.series.records.length - before.series.records.length;
}

function actionBy(change: Extract<Change, { type: 'action' }>, after: Table): ActionBy {
  if (change.auto !== null) return change.auto;
  return after.settings.seats[change.seat]!.bot ? 'bot' : 'seat';
}
