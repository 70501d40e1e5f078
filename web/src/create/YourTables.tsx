/**
 * "Your tables" on the home page: every table saved on this device, whose turn it is and
 * whether it waits for you, from ONE request for all of them (POST /api/tables/overview), made
 * when the page opens and again whenever it comes back into view. The tab's title counts the
 * tables waiting for your move; the away switch (AwaySwitch.tsx) sets a vacation at all of them.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type TableView } from '../api.js';
import { fetchOverview, type OverviewEntry } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { Name, withNames } from '../names.js';
import { forgetTableHere, stopPushesHere } from './forget-table.js';
import { openedLinks } from '../opened-links.js';
import { formatTime } from '../table/format.js';
import { AwaySwitch } from './AwaySwitch.js';
import { savedTables } from './saved-tables.js';
import { createTranslator } from './texts.js';
import { inOrder, owesMove, tablesOnThisDevice, tableUrl, waitingCount, type DeviceTable } from './your-tables.js';

const onThisDevice = () => tablesOnThisDevice(savedTables(), openedLinks());

/** Who the link is at the table, whose turn it is, and which game: from the link's own overview entry. */
/** The seat's vacation running at a table: from the table's answer to the away switch, else from the overview. */
type Away = { readonly until: string | null };

function TableFacts({ entry, away }: { entry: OverviewEntry | undefined; away: Away | undefined }) {
  const { t: app, prefs } = useApp();
  const t = createTranslator(prefs.lang);
  if (entry === undefined) return null;
  if (!entry.ok) return <p class="your-table-facts">{t('linkRefused', { reason: errorText(app, entry.error) })}</p>;
  const until = (away ?? entry.vacation)?.until ?? null;
  const who = entry.seat === null ? app('spectating') : withNames(app('youAre'), { name: entry.seats[entry.seat]?.name ?? '' });
  const state = entry.seriesOver
    ? app('seriesOver')
    : entry.owesMove
      ? app('yourTurn')
      : entry.turn !== null && entry.turn !== entry.seat
        ? withNames(app('turnOf'), { name: entry.seats[entry.turn]?.name ?? '' })
        : app(`phase_${entry.phase}`);
  return (
    <p class="your-table-facts">
      {who} · <span data-turn-text>{state}</span> · {app('gameOf', { n: entry.gameNumber, m: entry.games })}
      {until === null ? null : (
        <>
          {' · '}
          <span data-your-vacation-until={until}>{app('onVacationUntil', { time: formatTime(until, prefs.lang) })}</span>
        </>
      )}
      <br />
      <span class="muted">{t('lastChange', { time: formatTime(entry.lastChangeAt, prefs.lang) })}</span>
    </p>
  );
}

/** Where a Forget is: asking the table to stop its pushes here, or failed to (the table is kept). */
type Forgetting = 'stopping' | ApiError;

function TableItem({
  table,
  entry,
  away,
  forgetting,
  onForget,
  onForgetAnyway,
}: {
  table: DeviceTable;
  entry: OverviewEntry | undefined;
  away: Away | undefined;
  forgetting: Forgetting | undefined;
  onForget: () => void;
  onForgetAnyway: () => void;
}) {
  const { t: app, prefs } = useApp();
  const t = createTranslator(prefs.lang);
  const waiting = owesMove(entry);
  const name = entry?.ok ? entry.name : table.name;
  return (
    <li class={`your-table${waiting ? ' waiting' : ''}`} data-your-table={table.tableId} data-owes-move={String(waiting)}>
      <div class="your-table-head">
        <a href={tableUrl(table)} class="your-table-name">
          <Name name={name} />
        </a>
        {waiting ? (
          <span class="your-move" data-your-move>
            {t('yourMove')}
          </span>
        ) : null}
      </div>
      <TableFacts entry={entry} away={away} />
      {table.created !== null ? (
        <details class="all-links">
          <summary>{t('allLinks')}</summary>
          <ul>
            {table.created.seats.map((seat, i) => (
              <li key={i}>
                <a href={seat.url}>
                  <Name name={seat.name} />
                </a>
              </li>
            ))}
            <li>
              <a href={table.created.spectatorUrl}>{t('spectatorLink')}</a>
            </li>
            {table.created.adminUrl === undefined ? null : (
              <li>
                <a href={table.created.adminUrl} data-admin-link>
                  {t('adminLink')}
                </a>
              </li>
            )}
          </ul>
        </details>
      ) : null}
      <button type="button" class="link" data-forget aria-label={t('forgetLabel', { name })} disabled={forgetting === 'stopping'} onClick={onForget}>
        {t('forget')}
      </button>
      {forgetting instanceof ApiError ? (
        <div class="error" role="alert" data-forget-failed>
          <p>{t('forgetPushFailed', { reason: errorText(app, forgetting) })}</p>
          <button type="button" class="link" data-forget-anyway aria-label={t('forgetAnywayLabel', { name })} onClick={onForgetAnyway}>
            {t('forgetAnyway')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

export function YourTables() {
  const { t: app, prefs } = useApp();
  const t = createTranslator(prefs.lang);
  const [tables, setTables] = useState<DeviceTable[]>(onThisDevice);
  const [entries, setEntries] = useState<ReadonlyMap<string, OverviewEntry>>(new Map());
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [answered, setAnswered] = useState<ReadonlyMap<string, Away>>(new Map());
  const [forgetting, setForgetting] = useState<ReadonlyMap<string, Forgetting>>(new Map());
  const takeEntries = (fresh: readonly OverviewEntry[]) => {
    setEntries((known) => new Map([...known, ...fresh.map((entry) => [entry.tableId, entry] as const)]));
    setAnswered((known) => new Map([...known].filter(([tableId]) => !fresh.some((entry) => entry.tableId === tableId))));
  };
  const takeAnswer = (view: TableView) => setAnswered((known) => new Map(known).set(view.tableId, { until: view.seats[view.seat!]!.vacationUntil }));

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const known = onThisDevice();
      setTables(known);
      if (known.length === 0) return;
      try {
        const answer = await fetchOverview(known.map(({ tableId, token }) => ({ tableId, token })));
        if (cancelled) return;
        setEntries(new Map(answer.tables.map((entry) => [entry.tableId, entry])));
        setAnswered(new Map());
        setFailure(null);
      } catch (err) {
        if (!cancelled) setFailure(err instanceof ApiError ? err : new ApiError(0, 'network', String(err)));
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const waiting = waitingCount(tables, entries);
  useEffect(() => {
    document.title = waiting > 0 ? `(${waiting}) ${app('appName')}` : app('appName');
    return () => {
      document.title = app('appName');
    };
  }, [waiting, app]);

  if (tables.length === 0) return null;
  const forgetHere = (tableId: string) => {
    forgetTableHere(tableId);
    setTables((list) => list.filter((table) => table.tableId !== tableId));
    setForgetting((known) => new Map([...known].filter(([id]) => id !== tableId)));
  };
  // The table stops pushing to this device first (forget-table.ts); if it cannot be told, the
  // table stays, with its links to try again, and the reader may forget it here anyway.
  const forget = async (tableId: string) => {
    setForgetting((known) => new Map(known).set(tableId, 'stopping'));
    const failure = await stopPushesHere(tableId);
    if (failure === null) forgetHere(tableId);
    else setForgetting((known) => new Map(known).set(tableId, failure));
  };
  return (
    <section class="your-tables" data-your-tables aria-labelledby="your-tables-title">
      <h2 id="your-tables-title">{t('yourTables')}</h2>
      {waiting > 0 ? <p class="waiting-count">{t('waitingForYou', { n: waiting })}</p> : null}
      {failure !== null ? (
        <p class="error" role="alert" data-error>
          {t('overviewFailed', { reason: errorText(app, failure) })}
        </p>
      ) : null}
      <AwaySwitch tables={tables} entries={entries} onEntries={takeEntries} onAnswer={takeAnswer} />
      <ul class="your-tables-list">
        {inOrder(tables, entries).map((table) => (
          <TableItem
            key={table.tableId}
            table={table}
            entry={entries.get(table.tableId)}
            away={answered.get(table.tableId)}
            forgetting={forgetting.get(table.tableId)}
            onForget={() => void forget(table.tableId)}
            onForgetAnyway={() => forgetHere(table.tableId)}
          />
        ))}
      </ul>
    </section>
  );
}
