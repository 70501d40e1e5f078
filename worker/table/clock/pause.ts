/** Whether a table takes actions now: not while its admin paused it, nor after the admin ended it (API.md "Table admin"). */
import type { LoadedTable } from '../table-state.js';

export const isPaused = (table: LoadedTable): boolean => table.pauses.at(-1)?.until === null;

export const isEnded = (table: LoadedTable): boolean => table.endedAt !== null;

/** Whether nothing may move at the table now: no action, no bot, no automatic move. */
export const isHalted = (table: LoadedTable): boolean => isPaused(table) || isEnded(table);
