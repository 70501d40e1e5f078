/**
 * "Confirm moves": on a touch screen a stray tap is easily made, so the first tap on a card or
 * action only selects it and a second tap on the same sends it. The choice is kept per table
 * and seat (a person may play one seat on a phone and another on a laptop).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Action } from '../../../shared/actions.js';
import { readStored, writeStored } from '../prefs.js';

const storageKey = (tableId: string, seat: number) => `wallachen.confirmMoves.${tableId}.${seat}`;

/** On by default where the main pointer is a finger. */
const touchFirst = (): boolean => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

function storedChoice(tableId: string, seat: number | null): boolean {
  if (seat === null) return false;
  const stored = readStored(storageKey(tableId, seat));
  return stored === null ? touchFirst() : stored === 'on';
}

export function useConfirmSetting(tableId: string, seat: number | null): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => storedChoice(tableId, seat));
  useEffect(() => setOn(storedChoice(tableId, seat)), [tableId, seat]);
  const set = (next: boolean) => {
    if (seat !== null) writeStored(storageKey(tableId, seat), next ? 'on' : 'off');
    setOn(next);
  };
  return [on, set];
}

/** A move selected by a first tap, waiting for the second. */
export interface Armed {
  /** Which control was tapped: a second tap on another control selects that one instead. */
  readonly key: string;
  /** What the move is, in words, for the hint at the controls. */
  readonly label: string;
  readonly action: Action;
}

/** A stable key for the control that sends `action`. */
export function keyOf(action: Action): string {
  return JSON.stringify(action);
}
