/** Whether a table takes actions now: not while its admin paused it, nor after the admin ended it (API.md "Table admin"). */
import type { Table } from '../model.js';

export const isPaused = (table: Table): boolean => table.pauses.at(-1)?.until === null;

export const isEnded = (table: Table): boolean => table.endedAt !== null;

/** Whether nothing may move at the table now: no action, no bot, no automatic move. */
export const isHalted = (table: Table): boolean => isPaused(table) || isEnded(table);
