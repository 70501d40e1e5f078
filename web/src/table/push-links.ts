/**
 * Which of this device's links it turned pushes on for ("Notify me on this device",
 * PushToggle.tsx), and as which seat, in localStorage: each as "{tableId}#{token}#{seat}"
 * ("{tableId}#{token}" when noted before the seat was; the button notes it again with its seat
 * whenever the seat's page shows it on). A push names only its table and seat, never the token:
 * seat-link.ts finds the link here when its notification is opened. "Forget" under Your tables
 * asks the table to stop the pushes of each (create/forget-table.ts), then forgets them.
 */
import type { Seat } from '../../../shared/options.js';
import { readStored, writeStored } from '../prefs.js';

const KEY = 'wallachen.pushLinks';
/** Enough for anybody's tables; the oldest go first. */
const MAX_LINKS = 100;

export interface PushLink {
  readonly tableId: string;
  readonly token: string;
  /** Null: noted before the seat was. */
  readonly seat: Seat | null;
}

function entries(): string[] {
  try {
    const list = JSON.parse(readStored(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

function parse(entry: string): PushLink | null {
  const [tableId, token, seat] = entry.split('#');
  if (!tableId || !token) return null;
  return { tableId, token, seat: seat === '0' || seat === '1' || seat === '2' ? (Number(seat) as Seat) : null };
}

const isLink = (tableId: string, token: string) => (entry: string) => {
  const link = parse(entry);
  return link !== null && link.tableId === tableId && link.token === token;
};

/** The links of `tableId` this device turned pushes on for, the one turned on (or shown on) last first. */
export const pushLinksOf = (tableId: string): PushLink[] =>
  entries()
    .map(parse)
    .filter((l): l is PushLink => l !== null && l.tableId === tableId);

export const pushOnHere = (tableId: string, token: string): boolean => entries().some(isLink(tableId, token));

/** Notes that this device gets pushes for `token` (as `seat`), or no longer. */
export function notePushHere(tableId: string, token: string, on: boolean, seat: Seat | null = null): void {
  const others = entries().filter((e) => !isLink(tableId, token)(e));
  const entry = seat === null ? `${tableId}#${token}` : `${tableId}#${token}#${seat}`;
  writeStored(KEY, JSON.stringify(on ? [entry, ...others].slice(0, MAX_LINKS) : others));
}

/** Forgets which links of `tableId` this device turned pushes on for. */
export function forgetPushLinks(tableId: string): void {
  writeStored(KEY, JSON.stringify(entries().filter((e) => !e.startsWith(`${tableId}#`))));
}
