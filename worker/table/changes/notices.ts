/**
 * Notices the clock or a confirmation brings (change.ts): reminders due, turn mails put off
 * while their players were at the table, the moves owed when an address confirmed the table.
 * Queued by the notifications (notifications/notify.ts) inside the commit.
 */
import type { Draft } from '../../model/table.js';
import type { Change, ChangeContext, Effects } from './change.js';

type NoticeChange = Extract<Change, { type: 'remind' | 'lookAtTurnMailsPutOff' | 'addressConfirmed' }>;

export function applyNotices({ storage, notifications }: ChangeContext, draft: Draft, change: NoticeChange, effects: Effects): void {
  effects.queued = true;
  switch (change.type) {
    case 'remind': {
      const gameNumber = draft.series.game!.gameNumber;
      notifications.notify(
        draft,
        change.seats.map((seat) => ({ type: 'reminder', seat, gameNumber })),
      );
      // Once per move and seat.
      draft.seatRemindedVersions = draft.seatRemindedVersions.map((v, seat) => (change.seats.includes(seat as 0 | 1 | 2) ? draft.version : v));
      for (const seat of change.seats) storage.seats.saveSeatRemindedVersion(seat, draft.version);
      return;
    }
    case 'lookAtTurnMailsPutOff':
      notifications.queueTurnMailsPutOff(draft, change.now);
      return;
    case 'addressConfirmed':
      notifications.queueOwedTurns(draft, change.seats);
      return;
  }
}
