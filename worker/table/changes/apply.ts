/**
 * The reducer: how each change (change.ts) is written to the table's storage and to its
 * memory, together, inside the commit's transaction (table-store.ts). The only code that
 * changes a `Table`: it gets a draft, a copy of the table whose fields it replaces (never
 * changes in place), and answers what the after-commit step must do (`Effects`).
 */
import type { ChatMessage } from '../../contract.js';
import type { TableChat } from '../chat.js';
import type { Draft, Table } from '../model.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { TableNotifications } from '../../notifications/notify.js';
import type { Change } from './change.js';
import { applyAdmin } from './admin.js';
import { applyGame } from './game.js';
import { replaceLink } from './links.js';
import { applyNotices } from './notices.js';
import { applySeat } from './seat.js';

/** What a commit asks of the after-commit step (after-commit.ts). */
export interface Effects {
  /** What the pages show may have changed: each socket is pushed its view, if its own changed. */
  views: boolean;
  /** Hashes of tokens that open nothing any more: their sockets are closed. */
  revoked: string[];
  /** Deliveries, history rows or digest entries wait: the work is started now. */
  queued: boolean;
  /** A chat message to push to every socket. */
  chat?: ChatMessage;
}

/** What the reducer writes with. */
export interface ChangeContext {
  readonly storage: TableStorage;
  readonly chat: TableChat;
  /** Who is told what: queues deliveries and puts off turn mails (notifications/table-notifications.ts). */
  readonly notifications: TableNotifications;
}

export const noEffects = (): Effects => ({ views: false, revoked: [], queued: false });

/** Writes `change` to storage and to `draft`; `before`: the table as it was (null while it is created). */
export function applyChange(ctx: ChangeContext, draft: Draft, before: Table | null, change: Change): Effects {
  const effects = noEffects();
  switch (change.type) {
    case 'create':
    case 'action':
    case 'newSeries':
      applyGame(ctx, draft, before, change, effects);
      break;
    case 'pause':
    case 'resume':
    case 'end':
    case 'seats':
    case 'options':
      applyAdmin(ctx, draft, change, effects);
      break;
    case 'replaceLink':
      effects.revoked.push(replaceLink(ctx.storage, draft, change.owner, change.next));
      effects.views = true;
      effects.queued = true; // the digest takes back a replaced holder's entries (digest-seats.ts)
      break;
    case 'notifications':
    case 'webhookGone':
    case 'vacation':
    case 'preferences':
    case 'visited':
    case 'turnMailSent':
    case 'chat':
      applySeat(ctx, draft, change, effects);
      break;
    case 'remind':
    case 'lookAtTurnMailsPutOff':
    case 'addressConfirmed':
      applyNotices(ctx, draft, change, effects);
      break;
  }
  return effects;
}
