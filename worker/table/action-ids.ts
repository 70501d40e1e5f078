/**
 * Client action ids (API.md, "Actions"): an id is the seat's own (ids are per seat), and
 * the same id stands for one action. A retry with the same id and the same action is
 * answered as the first time; the same id with a different action is refused (409
 * `id_reused`), never answered as if it had been applied.
 *
 * "The same action" is judged on the engine's canonical form (shared/actions.ts
 * parseAction), not on the JSON a client sent or the table stored: `{"type": "re",
 * "re": true}` is `{"type": "re"}`, `"knock": false` is no knock, and a discard of the same
 * two cards in the other order is the same discard (R6.1 puts a set of 2 cards away).
 */
import { parseAction } from '../../shared/parse-action.js';

/** The canonical text of an action, or null for input the engine refuses (it is no action). */
export function canonicalAction(input: unknown): string | null {
  const parsed = parseAction(input);
  if (!parsed.ok) return null;
  const action = parsed.value;
  return JSON.stringify(action.type === 'discard' ? { type: 'discard', cards: [...action.cards].sort() } : action);
}

/** Whether two actions (as sent, or as stored) are the same action; input the engine refuses is the same as nothing. */
export function sameAction(a: unknown, b: unknown): boolean {
  const canonical = canonicalAction(a);
  return canonical !== null && canonical === canonicalAction(b);
}
