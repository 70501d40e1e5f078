/**
 * Confirming a move before it is sent: the first tap on a card or action only selects it and
 * a second tap on the same sends it. Two choices, kept per table and seat (a person may play
 * one seat on a phone and another on a laptop):
 * - every move: on by default where the main pointer is a finger, where a stray tap is easily made;
 * - announcements (a contract, Bettel or Mord, Kontra, Re): on by default on every device,
 *   since one click cannot be taken back and changes what the whole game is worth.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Action } from '../../../shared/actions.js';
import { readStored, writeStored } from '../prefs.js';

type Choice = 'confirmMoves' | 'confirmAnnouncements';

const storageKey = (choice: Choice, tableId: string, seat: number) => `wallachen.${choice}.${tableId}.${seat}`;

/** On by default where the main pointer is a finger. */
const touchFirst = (): boolean => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

export interface ConfirmSettings {
  /** Every move waits for a second tap. */
  readonly every: boolean;
  /** Announcements wait for a second tap (every move does when `every` is on). */
  readonly announcements: boolean;
}

function storedChoices(tableId: string, seat: number | null): ConfirmSettings {
  if (seat === null) return { every: false, announcements: false };
  const stored = (choice: Choice, fallback: boolean) => {
    const value = readStored(storageKey(choice, tableId, seat));
    return value === null ? fallback : value === 'on';
  };
  return { every: stored('confirmMoves', touchFirst()), announcements: stored('confirmAnnouncements', true) };
}

export function useConfirmSettings(tableId: string, seat: number | null): [ConfirmSettings, (change: Partial<ConfirmSettings>) => void] {
  const [settings, setSettings] = useState(() => storedChoices(tableId, seat));
  useEffect(() => setSettings(storedChoices(tableId, seat)), [tableId, seat]);
  const change = (next: Partial<ConfirmSettings>) => {
    if (seat !== null) {
      if (next.every !== undefined) writeStored(storageKey('confirmMoves', tableId, seat), next.every ? 'on' : 'off');
      if (next.announcements !== undefined) writeStored(storageKey('confirmAnnouncements', tableId, seat), next.announcements ? 'on' : 'off');
    }
    setSettings((now) => ({ ...now, ...next }));
  };
  return [settings, change];
}

/** The moves that cannot be taken back and fix what the game is worth: a contract announced, Bettel or Mord bid, Kontra, Re or no Re. */
export function isAnnouncement(action: Action): boolean {
  switch (action.type) {
    case 'declare':
    case 'kontra':
    case 're':
      return true;
    case 'bid':
      return action.bid === 'bettel' || action.bid === 'mord';
    default:
      return false;
  }
}

/** Whether `action` waits for a second tap under these settings. */
export const needsConfirmation = (settings: ConfirmSettings, action: Action): boolean =>
  settings.every || (settings.announcements && isAnnouncement(action));

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
