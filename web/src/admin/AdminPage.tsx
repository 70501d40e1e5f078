/**
 * The table admin's page (`/admin/{tableId}#token`, API.md "Table admin"): the table's state,
 * pause and resume, the clock and the chat, each seat's name, who plays it and a new link for
 * it, new links for the spectators and the admin, a new series once one is over, and the
 * end. It reads and changes the table through `…/admin` only: the admin view, which holds no card.
 * What became of a command ("Saved.", or why not) is said beside the control that sent it:
 * on a phone the top of the page is far from the button tapped.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { adminCommand, fetchAdminView, rotateAdminLink, rotateLink, type AdminView } from '../api-later.js';
import { replaceSavedLink } from '../create/saved-tables.js';
import { useApp } from '../app-context.js';
import { isolated, Name } from '../names.js';
import { tokenFromLocation } from '../router.js';
import { BadLink } from '../table/BadLink.js';
import { EmbedSettings } from './EmbedSettings.js';
import { OutcomeAt, type Outcome, type Place, type Run } from './Outcome.js';
import { adminTranslator, type AdminTranslate } from './texts.js';
import { OtherLinks, type LinkOwner } from './NewLinks.js';
import { SeatForm } from './SeatForm.js';
import { MAX_MOVE_DEADLINE_HOURS, MAX_VACATION_HOURS } from '../../../shared/deadline.js';

function statusText(adm: AdminTranslate, view: AdminView): string {
  if (view.ended) return adm('adminEnded');
  if (view.paused) return adm('adminPaused');
  if (view.seriesOver) return adm('adminSeriesOver');
  return adm('adminRunning');
}

function OptionsForm({ view, busy, run, outcome }: { view: AdminView; busy: boolean; run: Run; outcome: Outcome | null }) {
  const adm = adminTranslator(useApp().prefs.lang);
  const initial = () => ({
    deadline: view.moveDeadlineHours === null ? '' : String(view.moveDeadlineHours),
    onTimeout: view.onTimeout,
    vacation: String(view.vacationHours),
    chat: view.chat,
  });
  const [fields, setFields] = useState(initial);
  useEffect(() => setFields(initial()), [view.moveDeadlineHours, view.onTimeout, view.vacationHours, view.chat]);
  const submit = (e: Event) => {
    e.preventDefault();
    void run(
      {
        type: 'options',
        moveDeadlineHours: fields.deadline.trim() === '' ? null : Number(fields.deadline),
        onTimeout: fields.onTimeout,
        vacationHours: Number(fields.vacation),
        chat: fields.chat,
      },
      'options',
    );
  };
  return (
    <form class="create admin-options" onSubmit={submit} data-admin-options>
      <fieldset disabled={view.ended}>
        <legend>{adm('adminOptions')}</legend>
        <div class="option">
          <label>
            {adm('adminDeadline')}
            <input
              type="number"
              name="moveDeadlineHours"
              min={1}
              max={MAX_MOVE_DEADLINE_HOURS}
              value={fields.deadline}
              onInput={(e) => setFields({ ...fields, deadline: e.currentTarget.value })}
            />
          </label>
        </div>
        <div class="option">
          <label>
            {adm('adminOnTimeout')}
            <select
              name="onTimeout"
              value={fields.onTimeout}
              onChange={(e) => setFields({ ...fields, onTimeout: e.currentTarget.value as AdminView['onTimeout'] })}
            >
              <option value="bot">{adm('adminOnTimeoutBot')}</option>
              <option value="wait">{adm('adminOnTimeoutWait')}</option>
            </select>
          </label>
        </div>
        <div class="option">
          <label>
            {adm('adminVacation')}
            <input
              type="number"
              name="vacationHours"
              min={0}
              max={MAX_VACATION_HOURS}
              required
              value={fields.vacation}
              onInput={(e) => setFields({ ...fields, vacation: e.currentTarget.value })}
            />
          </label>
        </div>
        <div class="option">
          <label>
            <input type="checkbox" name="chat" checked={fields.chat} onChange={(e) => setFields({ ...fields, chat: e.currentTarget.checked })} />{' '}
            {adm('adminChat')}
          </label>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {adm('adminSave')}
        </button>
        <OutcomeAt at="options" outcome={outcome} />
      </fieldset>
    </form>
  );
}

export default function AdminPage({ tableId }: { tableId: string }) {
  const { t } = useApp();
  const adm = adminTranslator(useApp().prefs.lang);
  const [token, setToken] = useState(tokenFromLocation);
  const [view, setView] = useState<AdminView | null>(null);
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [links, setLinks] = useState<ReadonlyMap<LinkOwner, string>>(new Map());

  useEffect(() => {
    if (token === '') {
      setFatal(new ApiError(401, 'unauthorized', 'no token in the link'));
      return;
    }
    fetchAdminView(tableId, token).then(setView, (err: unknown) => setFatal(err instanceof ApiError ? err : new ApiError(0, 'network', String(err))));
  }, [tableId, token]);
  useEffect(() => {
    if (view) document.title = `${adm('adminTitle')} · ${isolated(view.name)} · ${t('appName')}`;
  }, [view?.name, t]);

  const failed = (at: Place, err: unknown) =>
    setOutcome({ at, notice: null, error: err instanceof ApiError ? err : new ApiError(0, 'network', String(err)) });

  const run: Run = async (command, at) => {
    setBusy(true);
    setOutcome(null);
    try {
      setView(await adminCommand(tableId, token, command));
      setOutcome({ at, notice: command.type === 'options' ? adm('adminSaved') : adm('adminDone'), error: null });
      return true;
    } catch (err) {
      failed(at, err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Replaces a link; the new one is shown once, and a table saved on this device keeps it. The admin's own: this page goes on with it. */
  const rotate = async (owner: LinkOwner) => {
    const at = typeof owner === 'number' ? `seat${owner}` : owner;
    setBusy(true);
    setOutcome(null);
    try {
      const url =
        owner === 'admin'
          ? await rotateAdminLink(tableId, token).then((link) => {
              setToken(link.token);
              history.replaceState(history.state, '', `#${link.token}`);
              return link.url;
            })
          : (await rotateLink(tableId, token, owner)).url;
      replaceSavedLink(tableId, owner, url);
      setLinks((shown) => new Map(shown).set(owner, url));
    } catch (err) {
      failed(at, err);
    } finally {
      setBusy(false);
    }
  };

  if (fatal !== null) return <BadLink error={fatal} />;
  if (view === null)
    return (
      <p class="loading" aria-busy="true">
        {t('loading')}
      </p>
    );

  return (
    <section class="admin-page" data-admin data-paused={view.paused} data-ended={view.ended} data-series={view.series} aria-labelledby="admin-title">
      <h1 id="admin-title">
        {adm('adminTitle')}: <Name name={view.name} />
      </h1>
      <p class="help">{adm('adminIntro')}</p>
      <p class="admin-state" role="status" data-admin-state>
        <strong>{statusText(adm, view)}</strong> ·{' '}
        {adm('adminGame', { series: view.series, game: Math.min(view.gameNumber, view.games), games: view.games })}
      </p>
      {view.ended ? null : (
        <div class="admin-row">
          <button
            type="button"
            class="primary"
            disabled={busy}
            data-admin-command={view.paused ? 'resume' : 'pause'}
            onClick={() => void run({ type: view.paused ? 'resume' : 'pause' }, 'pause')}
          >
            {view.paused ? adm('adminResume') : adm('adminPause')}
          </button>
          <p class="help">{adm('adminPauseHelp')}</p>
          <OutcomeAt at="pause" outcome={outcome} />
        </div>
      )}
      <OptionsForm view={view} busy={busy} run={run} outcome={outcome} />
      <EmbedSettings view={view} busy={busy} run={run} outcome={outcome} />
      <h2>{adm('adminSeats')}</h2>
      <ul class="admin-seats">
        {view.seats.map((seat) => (
          <SeatForm
            key={seat.seat}
            view={view}
            seat={seat}
            busy={busy}
            run={run}
            rotate={rotate}
            newLink={links.get(seat.seat) ?? null}
            outcome={outcome}
          />
        ))}
      </ul>
      <OtherLinks busy={busy} rotate={rotate} links={links} outcome={outcome} />
      {view.seriesOver && !view.ended ? (
        <div class="admin-row">
          <button
            type="button"
            class="primary"
            disabled={busy}
            data-admin-command="newSeries"
            onClick={() => void run({ type: 'newSeries' }, 'newSeries')}
          >
            {adm('adminNewSeries')}
          </button>
          <p class="help">{adm('adminNewSeriesHelp')}</p>
          <OutcomeAt at="newSeries" outcome={outcome} />
        </div>
      ) : null}
      {view.ended ? null : (
        <div class="admin-row admin-end">
          <button
            type="button"
            class="primary danger"
            disabled={busy}
            data-admin-command="end"
            onClick={() => {
              if (confirm(adm('adminEndConfirm'))) void run({ type: 'end' }, 'end');
            }}
          >
            {adm('adminEnd')}
          </button>
          <p class="help">{adm('adminEndHelp')}</p>
          <OutcomeAt at="end" outcome={outcome} />
        </div>
      )}
    </section>
  );
}
