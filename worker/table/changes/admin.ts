/**
 * The admin's changes of the table (change.ts, API.md "Table admin"): pause and resume, the
 * end, the seats' names and who plays them, the options. What is allowed was decided before
 * (admin-commands.ts); written here to storage and memory together.
 */
import { stopsReadFrom } from '../../../shared/deadline.js';
import type { Draft } from '../../model/table.js';
import type { Change, ChangeContext, Effects } from './change.js';
import { replaceLink } from './links.js';

type AdminChange = Extract<Change, { type: 'pause' | 'resume' | 'end' | 'seats' | 'options' }>;

export function applyAdmin({ storage }: ChangeContext, draft: Draft, change: AdminChange, effects: Effects): void {
  effects.views = true;
  effects.queued = true; // a bot, a reminder or a digest entry may be due or moot now: the alarm is set again
  switch (change.type) {
    case 'pause':
      // Only the pauses the owed move's clock reads are kept: deadlines stay, the rows stay bounded.
      storage.admin.pause(change.at, change.clockStart);
      draft.pauses = [...stopsReadFrom(change.clockStart, draft.pauses), { from: change.at, until: null }];
      return;
    case 'resume':
      storage.admin.resume(change.at);
      draft.pauses = draft.pauses.map((pause) => (pause.until === null ? { ...pause, until: change.at } : pause));
      return;
    case 'end':
      storage.admin.end(change.at);
      draft.endedAt = change.at;
      return;
    case 'seats':
      storage.admin.saveSeats(change.seats);
      draft.settings = { ...draft.settings, seats: change.seats };
      // The person a bot replaces keeps no way in: the seat's link goes, and with it what its holder set up (links.ts).
      if (change.replaced !== undefined) effects.revoked.push(replaceLink(storage, draft, change.replaced.seat, change.replaced.next));
      return;
    case 'options': {
      const { moveDeadlineHours, onTimeout, vacationHours, chat, embedding } = change;
      storage.updateClock(moveDeadlineHours, onTimeout);
      storage.admin.saveVacationHours(vacationHours);
      storage.admin.saveChat(chat);
      draft.settings = { ...draft.settings, moveDeadlineHours, onTimeout, vacationHours, chat };
      // Who may frame the table is read by the Worker for each embed page it serves (embedPolicy): storage only.
      if (embedding !== undefined) storage.embedding.save(embedding);
      return;
    }
  }
}
