/** One seat on the admin's page: its player, its name, its new link, what it is told. */
import { useEffect, useState } from 'preact/hooks';
import type { AdminView } from '../api-later.js';
import { useApp } from '../app-context.js';
import { isolated, withNames } from '../names.js';
import { OutcomeAt, type Outcome, type Run } from './Outcome.js';
import { adminTranslator, type AdminTranslate } from './texts.js';
import { TEXT_LIMITS } from '../../../shared/limits.js';
import { NewLink, type LinkOwner } from './NewLinks.js';

export type PlayerKind = 'person' | 'easy' | 'strong';

export const kindOf = (seat: AdminView['seats'][number]): PlayerKind => (seat.bot ? (seat.botLevel ?? 'strong') : 'person');

function noticesText(adm: AdminTranslate, seat: AdminView['seats'][number]): string {
  const what = [
    seat.mail ? adm('adminNoticeMail') : null,
    seat.webhook === 'active' ? adm('adminNoticeWebhook') : seat.webhook === 'disabled' ? adm('adminNoticeWebhookOff') : null,
  ].filter((w): w is string => w !== null);
  return adm('adminNotices', { what: what.length === 0 ? adm('adminNoticeNone') : what.join(', ') });
}

export function SeatForm({
  view,
  seat,
  busy,
  run,
  rotate,
  newLink,
  outcome,
}: {
  view: AdminView;
  seat: AdminView['seats'][number];
  busy: boolean;
  run: Run;
  rotate: (owner: LinkOwner) => Promise<void>;
  newLink: string | null;
  outcome: Outcome | null;
}) {
  const adm = adminTranslator(useApp().prefs.lang);
  const [name, setName] = useState(seat.name);
  const [kind, setKind] = useState<PlayerKind>(kindOf(seat));
  useEffect(() => setName(seat.name), [seat.name]);
  useEffect(() => setKind(kindOf(seat)), [seat.bot, seat.botLevel]);
  const n = seat.seat + 1;
  const ended = view.ended;
  return (
    <li class="admin-seat" data-admin-seat={seat.seat}>
      <form
        class="admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          void run({ type: 'seat', seat: seat.seat, name: name.trim() }, `seat${seat.seat}`);
        }}
      >
        <label>
          {adm('adminSeatName', { n })}
          <input type="text" name="name" required maxLength={TEXT_LIMITS.seatName} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button
          type="submit"
          class="primary"
          disabled={busy || ended || name.trim() === '' || name.trim() === seat.name}
          data-admin-rename={seat.seat}
        >
          {adm('adminRename')}
        </button>
      </form>
      <form
        class="admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          // A bot taking a person's place replaces the seat's link (API.md): the person is asked first.
          if (!seat.bot && kind !== 'person' && !confirm(adm('adminBotConfirm', { name: isolated(seat.name) }))) return;
          void run({ type: 'seat', seat: seat.seat, bot: kind === 'person' ? false : kind }, `seat${seat.seat}`).then((done) => {
            // Nobody holds the link of a seat a bot played: a person taking it over needs a new one.
            if (done && seat.bot && kind === 'person') void rotate(seat.seat);
          });
        }}
      >
        <label>
          {adm('adminPlayer', { n })}
          <select name="kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as PlayerKind)} data-admin-kind={seat.seat}>
            <option value="person">{adm('adminPerson')}</option>
            <option value="easy">{adm('adminEasy')}</option>
            <option value="strong">{adm('adminStrong')}</option>
          </select>
        </label>
        <button type="submit" class="primary" disabled={busy || ended || kind === kindOf(seat)} data-admin-seat-kind={seat.seat}>
          {adm('adminApply')}
        </button>
      </form>
      {seat.bot ? null : <p class="help">{noticesText(adm, seat)}</p>}
      <div class="admin-row">
        <button
          type="button"
          class="primary"
          disabled={busy}
          data-admin-rotate={seat.seat}
          onClick={() => {
            if (confirm(adm('adminRotateConfirm', { name: isolated(seat.name) }))) void rotate(seat.seat);
          }}
        >
          {adm('adminRotate')}
        </button>
      </div>
      <OutcomeAt at={`seat${seat.seat}`} outcome={outcome} />
      {newLink !== null ? <NewLink owner={seat.seat} url={newLink} label={withNames(adm('adminNewLink'), { name: seat.name })} /> : null}
    </li>
  );
}
