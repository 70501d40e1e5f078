/**
 * What a seat changes for itself, or what happens to one seat (change.ts): its notification
 * settings, its webhook turned off by its receiver, its vacations and preferences, whether
 * its turn mail was read (and the language of the page it read it on), its messages to the chat.
 */
import { SEATS, type Draft, type Notifications, type Seat } from '../../model/table.js';
import type { Change, ChangeContext, Effects } from './change.js';
import { readTurnMail } from './game.js';

type SeatChange = Extract<Change, { type: 'notifications' | 'webhookGone' | 'vacation' | 'preferences' | 'visited' | 'turnMailSent' | 'chat' }>;

/** `list` with `seat`'s entry replaced. */
const withSeat = <T>(list: readonly T[], seat: Seat, value: T): T[] => SEATS.map((s) => (s === seat ? value : list[s]!));

export function applySeat({ storage, chat, notifications }: ChangeContext, draft: Draft, change: SeatChange, effects: Effects): void {
  switch (change.type) {
    case 'notifications': {
      const { seat } = change;
      const current = draft.notifications[seat]!;
      const next = notifications.settingsAfter(current, change.request, change.newSecret);
      storage.seats.saveNotifications(seat, next);
      draft.notifications = withSeat(draft.notifications, seat, next);
      // What waits for a changed or removed address, and the seat's devices (notifications/notify.ts).
      notifications.settingsChanged(seat, current, next, change.request);
      effects.views = true; // the seat's own view shows its webhook
      effects.queued = true;
      return;
    }
    case 'webhookGone': {
      const next: Notifications = { ...draft.notifications[change.seat]!, webhookDisabledAt: change.at };
      storage.seats.saveNotifications(change.seat, next);
      storage.deliveries.drop(change.seat, 'webhook');
      draft.notifications = withSeat(draft.notifications, change.seat, next);
      effects.views = true;
      return;
    }
    case 'vacation': {
      const { end, start } = change;
      if (end !== undefined) {
        storage.seats.endVacation(end.id, end.until, end.hours);
        draft.vacations = draft.vacations.map((v) => (v.id === end.id ? { ...v, until: end.until, hours: end.hours } : v));
      }
      if (start !== undefined) draft.vacations = [...draft.vacations, storage.seats.addVacation(start)];
      effects.views = true; // a vacation is shown to all
      effects.queued = true; // the reminder and the timeout moved
      return;
    }
    case 'preferences': {
      storage.seats.saveAutoForced(change.seat, change.autoForced);
      const others = [...draft.autoForced].filter((s) => s !== change.seat);
      draft.autoForced = new Set(change.autoForced ? [...others, change.seat] : others);
      effects.views = true; // the seat's own view (only: sockets/sockets.ts pushes a socket only its own changed view)
      effects.queued = true; // a forced card owed now is played by the alarm, after its delay
      return;
    }
    case 'visited': {
      const { seat, lang } = change;
      readTurnMail(storage, draft, seat);
      if (lang === undefined) return;
      // The page's language is the seat's mails' from now on; the digest's next sync takes it to the seat's entry.
      const next: Notifications = { ...draft.notifications[seat]!, lang };
      storage.seats.saveNotifications(seat, next);
      draft.notifications = withSeat(draft.notifications, seat, next);
      return;
    }
    case 'turnMailSent':
      storage.seats.markTurnMailUnread(change.seat, change.at);
      draft.unreadTurnMail = new Set([...draft.unreadTurnMail, change.seat]);
      return;
    case 'chat':
      effects.chat = chat.insert(change.seat, change.text, change.at);
      // A seat writing is at the table: its turn mail is read.
      readTurnMail(storage, draft, change.seat);
      return;
  }
}
