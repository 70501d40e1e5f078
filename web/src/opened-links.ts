/**
 * The seat and spectator links opened on this device, newest first, so the home page can list
 * "Your tables" (and which seat you are at each). Kept in localStorage only; the tokens go to
 * the server only in the body of POST /api/tables/overview, never in a URL.
 */
import { readStored, writeStored } from './prefs.js';

export interface OpenedLink {
  readonly tableId: string;
  readonly token: string;
  /** The table's name when it was last opened: shown while the overview is on its way or out of reach. */
  readonly name: string;
  readonly openedAt: string;
}

const KEY = 'wallachen.links';
/** Enough for anybody's tables; the oldest links go first. */
const MAX_LINKS = 100;

export function openedLinks(): OpenedLink[] {
  try {
    const list = JSON.parse(readStored(KEY) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return (list as OpenedLink[]).filter((l) => typeof l?.tableId === 'string' && typeof l.token === 'string' && typeof l.openedAt === 'string');
  } catch {
    return [];
  }
}

/** Notes that `token` opened `tableId` now (the table page calls this once the link has shown its table). */
export function rememberLink(tableId: string, token: string, name: string, now = new Date()): void {
  const link: OpenedLink = { tableId, token, name, openedAt: now.toISOString() };
  const rest = openedLinks().filter((l) => l.tableId !== tableId || l.token !== token);
  writeStored(KEY, JSON.stringify([link, ...rest].slice(0, MAX_LINKS)));
}

/** Forgets every link of `tableId` on this device. */
export function forgetLinks(tableId: string): void {
  writeStored(KEY, JSON.stringify(openedLinks().filter((l) => l.tableId !== tableId)));
}
