/**
 * The table admin's page (`/admin/{tableId}#token`, API.md "Table admin"): the table's state,
 * pause and resume, the clock and the chat, each seat's name, who plays it and a new link for
 * it, a new series once one is over, and the end. It reads and changes the table through
 * `…/admin` only: the admin view, which holds no card.
 */
import { useEffect, useState } from 'preact/hooks';
import { adminCommand, ApiError, fetchAdminView, rotateSeatLink, type AdminCommand, type AdminView, type RotatedLink } from '../api.js';
import { useApp } from '../app-context.js';
import { errorText, type Translate } from '../i18n.js';
import { isolated, Name, withNames } from '../names.js';
import { tokenFromLocation } from '../router.js';
import { BadLink } from '../table/TableStatus.js';
import { EmbedSettings } from './EmbedSettings.js';

type PlayerKind = 'person' | 'easy' | 'strong';

const kindOf = (seat: AdminView['seats'][number]): PlayerKind => (seat.bot ? (seat.botLevel ?? 'strong') : 'person');

function statusText(t: Translate, view: AdminView): string {
  if (view.ended) return t('adminEnded');
  if (view.paused) return t('adminPaused');
  if (view.seriesOver) return t('adminSeriesOver');
  return t('adminRunning');
}

function noticesText(t: Translate, seat: AdminView['seats'][number]): string {
  const what = [
    seat.mail ? t('adminNoticeMail') : null,
    seat.webhook === 'active' ? t('adminNoticeWebhook') : seat.webhook === 'disabled' ? t('adminNoticeWebhookOff') : null,
  ].filter((w): w is string => w !== null);
  return t('adminNotices', { what: what.length === 0 ? t('adminNoticeNone') : what.join(', ') });
}

/** A seat's new link, shown once, with a copy button (and the field selected where the clipboard is refused). */
function NewLink({ link, name }: { link: RotatedLink; name: string }) {
  const { t } = useApp();
  const [copied, setCopied] = useState(false);
  const id = `new-link-${link.seat}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div class="share-link admin-new-link" data-new-link={link.seat}>
      <label for={id}>{withNames(t('adminNewLink'), { name })}</label>
      <input id={id} type="text" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" onClick={copy}>
        {copied ? t('adminCopied') : t('adminCopy')}
      </button>
    </div>
  );
}

function SeatForm({
  view,
  seat,
  busy,
  run,
  rotate,
  newLink,
}: {
  view: AdminView;
  seat: AdminView['seats'][number];
  busy: boolean;
  run: (command: AdminCommand) => Promise<boolean>;
  rotate: (seat: number) => Promise<void>;
  newLink: RotatedLink | null;
}) {
  const { t } = useApp();
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
          void run({ type: 'seat', seat: seat.seat, name: name.trim() });
        }}
      >
        <label>
          {t('adminSeatName', { n })}
          <input type="text" name="name" required maxLength={40} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button
          type="submit"
          class="primary"
          disabled={busy || ended || name.trim() === '' || name.trim() === seat.name}
          data-admin-rename={seat.seat}
        >
          {t('adminRename')}
        </button>
      </form>
      <form
        class="admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          void run({ type: 'seat', seat: seat.seat, bot: kind === 'person' ? false : kind });
        }}
      >
        <label>
          {t('adminPlayer', { n })}
          <select name="kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as PlayerKind)} data-admin-kind={seat.seat}>
            <option value="person">{t('adminPerson')}</option>
            <option value="easy">{t('adminEasy')}</option>
            <option value="strong">{t('adminStrong')}</option>
          </select>
        </label>
        <button type="submit" class="primary" disabled={busy || ended || kind === kindOf(seat)} data-admin-seat-kind={seat.seat}>
          {t('adminApply')}
        </button>
      </form>
      {seat.bot ? null : <p class="help">{noticesText(t, seat)}</p>}
      <div class="admin-row">
        <button
          type="button"
          class="primary"
          disabled={busy}
          data-admin-rotate={seat.seat}
          onClick={() => {
            if (confirm(t('adminRotateConfirm', { name: isolated(seat.name) }))) void rotate(seat.seat);
          }}
        >
          {t('adminRotate')}
        </button>
      </div>
      {newLink !== null ? <NewLink link={newLink} name={seat.name} /> : null}
    </li>
  );
}

function OptionsForm({ view, busy, run }: { view: AdminView; busy: boolean; run: (command: AdminCommand) => Promise<boolean> }) {
  const { t } = useApp();
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
    void run({
      type: 'options',
      moveDeadlineHours: fields.deadline.trim() === '' ? null : Number(fields.deadline),
      onTimeout: fields.onTimeout,
      vacationHours: Number(fields.vacation),
      chat: fields.chat,
    });
  };
  return (
    <form class="create admin-options" onSubmit={submit} data-admin-options>
      <fieldset disabled={view.ended}>
        <legend>{t('adminOptions')}</legend>
        <div class="option">
          <label>
            {t('adminDeadline')}
            <input
              type="number"
              name="moveDeadlineHours"
              min={1}
              max={720}
              value={fields.deadline}
              onInput={(e) => setFields({ ...fields, deadline: e.currentTarget.value })}
            />
          </label>
        </div>
        <div class="option">
          <label>
            {t('adminOnTimeout')}
            <select
              name="onTimeout"
              value={fields.onTimeout}
              onChange={(e) => setFields({ ...fields, onTimeout: e.currentTarget.value as AdminView['onTimeout'] })}
            >
              <option value="bot">{t('adminOnTimeoutBot')}</option>
              <option value="wait">{t('adminOnTimeoutWait')}</option>
            </select>
          </label>
        </div>
        <div class="option">
          <label>
            {t('adminVacation')}
            <input
              type="number"
              name="vacationHours"
              min={0}
              max={336}
              required
              value={fields.vacation}
              onInput={(e) => setFields({ ...fields, vacation: e.currentTarget.value })}
            />
          </label>
        </div>
        <div class="option">
          <label>
            <input type="checkbox" name="chat" checked={fields.chat} onChange={(e) => setFields({ ...fields, chat: e.currentTarget.checked })} />{' '}
            {t('adminChat')}
          </label>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {t('adminSave')}
        </button>
      </fieldset>
    </form>
  );
}

export default function AdminPage({ tableId }: { tableId: string }) {
  const { t } = useApp();
  const [token] = useState(tokenFromLocation);
  const [view, setView] = useState<AdminView | null>(null);
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [links, setLinks] = useState<ReadonlyMap<number, RotatedLink>>(new Map());

  useEffect(() => {
    if (token === '') {
      setFatal(new ApiError(401, 'unauthorized', 'no token in the link'));
      return;
    }
    fetchAdminView(tableId, token).then(setView, (err: unknown) => setFatal(err instanceof ApiError ? err : new ApiError(0, 'network', String(err))));
  }, [tableId, token]);
  useEffect(() => {
    if (view) document.title = `${t('adminTitle')} · ${isolated(view.name)} · ${t('appName')}`;
  }, [view?.name, t]);

  /** Sends a command; answers whether it was taken. */
  const run = async (command: AdminCommand): Promise<boolean> => {
    setBusy(true);
    setNotice(null);
    try {
      setView(await adminCommand(tableId, token, command));
      setError(null);
      setNotice(command.type === 'options' ? t('adminSaved') : t('adminDone'));
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'network', String(err)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const rotate = async (seat: number) => {
    setBusy(true);
    setNotice(null);
    try {
      const link = await rotateSeatLink(tableId, token, seat);
      setLinks(new Map(links).set(seat, link));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'network', String(err)));
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
        {t('adminTitle')}: <Name name={view.name} />
      </h1>
      <p class="help">{t('adminIntro')}</p>
      <p class="admin-state" role="status" data-admin-state>
        <strong>{statusText(t, view)}</strong> ·{' '}
        {t('adminGame', { series: view.series, game: Math.min(view.gameNumber, view.games), games: view.games })}
      </p>
      {error ? (
        <p class="error" role="alert" data-error>
          {errorText(t, error)}
        </p>
      ) : null}
      {notice ? (
        <p class="help" role="status" data-admin-notice>
          {notice}
        </p>
      ) : null}
      {view.ended ? null : (
        <div class="admin-row">
          <button
            type="button"
            class="primary"
            disabled={busy}
            data-admin-command={view.paused ? 'resume' : 'pause'}
            onClick={() => void run({ type: view.paused ? 'resume' : 'pause' })}
          >
            {view.paused ? t('adminResume') : t('adminPause')}
          </button>
          <p class="help">{t('adminPauseHelp')}</p>
        </div>
      )}
      <OptionsForm view={view} busy={busy} run={run} />
      <EmbedSettings view={view} busy={busy} run={run} />
      <h2>{t('adminSeats')}</h2>
      <ul class="admin-seats">
        {view.seats.map((seat) => (
          <SeatForm key={seat.seat} view={view} seat={seat} busy={busy} run={run} rotate={rotate} newLink={links.get(seat.seat) ?? null} />
        ))}
      </ul>
      {view.seriesOver && !view.ended ? (
        <div class="admin-row">
          <button type="button" class="primary" disabled={busy} data-admin-command="newSeries" onClick={() => void run({ type: 'newSeries' })}>
            {t('adminNewSeries')}
          </button>
          <p class="help">{t('adminNewSeriesHelp')}</p>
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
              if (confirm(t('adminEndConfirm'))) void run({ type: 'end' });
            }}
          >
            {t('adminEnd')}
          </button>
          <p class="help">{t('adminEndHelp')}</p>
        </div>
      )}
    </section>
  );
}
