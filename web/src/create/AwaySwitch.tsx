/**
 * The away switch on "Your tables" (issue 26): one vacation set, or ended, at every table
 * listed on this device, with a report per table of what was set or why not. It reads what
 * each table can take from ONE overview request (API.md, the entry's `vacation`), then sends
 * POST …/vacation to the tables that take it, a few at a time; a table that failed (offline,
 * too many requests, the server) can be tried again, which reads its entry anew.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ApiError, TableView } from '../api.js';
import { fetchOverview, takeVacation, type OverviewEntry } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { Name } from '../names.js';
import { formatTime } from '../table/format.js';
import { asApiError, awayStep, eachBounded, retryWaitSeconds, worthRetrying, type AwayRequest, type SkipReason } from './away.js';
import { createTranslator, type CreateTranslate } from './texts.js';
import type { DeviceTable } from './your-tables.js';

/** Tables asked at once: a run over fifty tables neither floods the server nor waits on each in turn. */
export const AWAY_CONCURRENCY = 4;
const HOUR_MS = 3_600_000;

type Outcome =
  | { readonly state: 'waiting' | 'sending' }
  | { readonly state: 'retrying'; readonly seconds: number }
  | { readonly state: 'set'; readonly hours: number; readonly asked?: number; readonly until: string; readonly left: number }
  | { readonly state: 'ended'; readonly left: number }
  | { readonly state: 'skipped'; readonly reason: SkipReason }
  | { readonly state: 'refused' | 'failed'; readonly error: ApiError | { readonly code: string; readonly message: string } };

interface Run {
  readonly request: AwayRequest;
  readonly tables: readonly DeviceTable[];
  readonly outcomes: ReadonlyMap<string, Outcome>;
  readonly phase: 'reading' | 'sending' | 'done';
}

const isSettled = (outcome: Outcome | undefined): boolean =>
  outcome !== undefined && outcome.state !== 'waiting' && outcome.state !== 'sending' && outcome.state !== 'retrying';

/** `send()`, tried once more when the limit's Retry-After has passed if it is refused with 429; `waiting(s)` counts that wait down. */
async function withOneWait<T>(send: () => Promise<T>, waiting: (seconds: number) => void): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const error = asApiError(err);
    if (error.status !== 429) throw err;
    for (let s = retryWaitSeconds(error); s > 0; s--) {
      waiting(s);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return send();
  }
}

/** What one table's line of the report says. */
function outcomeText(t: CreateTranslate, app: ReturnType<typeof useApp>['t'], lang: string, outcome: Outcome): string {
  switch (outcome.state) {
    case 'waiting':
      return t('awayWaiting');
    case 'sending':
      return t('awaySending');
    case 'retrying':
      return t('awayRetrying', { n: outcome.seconds });
    case 'set': {
      const time = formatTime(outcome.until, lang);
      return outcome.asked === undefined
        ? t('awayIsSet', { time, hours: outcome.hours, n: outcome.left })
        : t('awayCapped', { time, hours: outcome.hours, asked: outcome.asked });
    }
    case 'ended':
      return t('awayEnded', { n: outcome.left });
    case 'skipped':
      return t(`awaySkip_${outcome.reason}`);
    case 'refused':
      return t('awayRefused', { reason: errorText(app, outcome.error) });
    case 'failed':
      if (outcome.error.code === 'network') return t('awayOffline');
      if (outcome.error.code === 'rate_limited') return t('awayRateLimited');
      return t('awayFailed', { reason: errorText(app, outcome.error) });
  }
}

/** The seat's own vacation as a table's answer shows it (only a seat's link is sent). */
const ownVacation = (view: TableView) => view.seats[view.seat!]!;

export function AwaySwitch({
  tables,
  entries,
  onEntries,
  onAnswer,
}: {
  tables: readonly DeviceTable[];
  entries: ReadonlyMap<string, OverviewEntry>;
  /** The entries the run read: the list shows them. */
  onEntries: (fresh: readonly OverviewEntry[]) => void;
  /** A table's answer to the vacation sent: the list shows its vacation from it. */
  onAnswer: (view: TableView) => void;
}) {
  const { t: app, prefs } = useApp();
  const t = createTranslator(prefs.lang);
  const [hours, setHours] = useState('24');
  const [run, setRun] = useState<Run | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const busy = run !== null && run.phase !== 'done';
  // No table takes more than its entry says it has now: the field offers no more than the most of them.
  const most = Math.max(0, ...[...entries.values()].map((entry) => (entry.ok ? (entry.vacation?.hoursAvailable ?? 0) : 0)));
  const asked = Number(hours);
  const validHours = Number.isInteger(asked) && asked >= 1;

  /** Runs `request` at `targets`: all tables, or (a retry) those of `previous` that failed, whose report keeps the others' lines. */
  const start = async (request: AwayRequest, targets: readonly DeviceTable[], previous?: Run) => {
    const outcomes = new Map<string, Outcome>(previous?.outcomes);
    const allOf = (outcome: Outcome) => targets.forEach((table) => outcomes.set(table.tableId, outcome));
    const show = (phase: Run['phase']) => setRun({ request, tables: previous?.tables ?? targets, outcomes: new Map(outcomes), phase });
    const note = (tableId: string, outcome: Outcome) => {
      outcomes.set(tableId, outcome);
      show([...outcomes.values()].every(isSettled) ? 'done' : 'sending');
    };
    allOf({ state: 'waiting' });
    show('reading');
    let read: readonly OverviewEntry[];
    try {
      const answer = await withOneWait(
        () => fetchOverview(targets.map(({ tableId, token }) => ({ tableId, token }))),
        (seconds) => {
          allOf({ state: 'retrying', seconds });
          show('reading');
        },
      );
      read = answer.tables;
    } catch (err) {
      const error = asApiError(err);
      allOf({ state: worthRetrying(error) ? 'failed' : 'refused', error });
      show('done');
      return;
    }
    onEntries(read);
    const sends: { table: DeviceTable; hours: number; asked?: number }[] = [];
    for (const [i, entry] of read.entries()) {
      const table = targets[i]!;
      const step = awayStep(entry, request);
      if (step.kind === 'send') {
        sends.push({ table, hours: step.hours, asked: step.asked });
        outcomes.set(table.tableId, { state: 'waiting' });
      } else outcomes.set(table.tableId, step.kind === 'skip' ? { state: 'skipped', reason: step.reason } : { state: 'refused', error: step.error });
    }
    show([...outcomes.values()].every(isSettled) ? 'done' : 'sending');
    await eachBounded(sends, AWAY_CONCURRENCY, async ({ table, hours: sent, asked: wanted }) => {
      note(table.tableId, { state: 'sending' });
      try {
        const view = await withOneWait(
          () => takeVacation(table.tableId, table.token, sent),
          (seconds) => note(table.tableId, { state: 'retrying', seconds }),
        );
        onAnswer(view);
        const own = ownVacation(view);
        note(
          table.tableId,
          own.vacationUntil === null
            ? { state: 'ended', left: own.vacationHoursLeft }
            : { state: 'set', hours: sent, asked: wanted, until: own.vacationUntil, left: own.vacationHoursLeft },
        );
      } catch (err) {
        const error = asApiError(err);
        note(table.tableId, { state: worthRetrying(error) ? 'failed' : 'refused', error });
      }
    });
  };

  const failed = run === null ? [] : run.tables.filter((table) => run.outcomes.get(table.tableId)?.state === 'failed');
  const settled = run === null ? 0 : run.tables.filter((table) => isSettled(run.outcomes.get(table.tableId))).length;
  const changed = run === null ? 0 : [...run.outcomes.values()].filter((outcome) => outcome.state === 'set' || outcome.state === 'ended').length;

  return (
    <details class="away" data-away open={run !== null}>
      <summary>{t('awayTitle')}</summary>
      <form
        class="create"
        onSubmit={(event) => {
          event.preventDefault();
          if (validHours) void start({ kind: 'set', hours: asked }, tables);
        }}
      >
        <p class="help">{t('awayHelp')}</p>
        <div class="option">
          <label>
            {t('awayHours')}{' '}
            <input
              type="number"
              name="awayHours"
              min={1}
              max={most > 0 ? most : undefined}
              step={1}
              inputMode="numeric"
              required
              value={hours}
              onInput={(event) => setHours(event.currentTarget.value)}
              data-away-hours
            />
          </label>{' '}
          {validHours ? (
            <span class="muted">{t('awayUntilAbout', { time: formatTime(new Date(now + asked * HOUR_MS).toISOString(), prefs.lang) })}</span>
          ) : null}
        </div>
        <p class="away-buttons">
          <button type="submit" class="primary" data-away-set disabled={busy}>
            {t('awaySet')}
          </button>{' '}
          <button type="button" class="secondary" data-away-end disabled={busy} onClick={() => void start({ kind: 'end' }, tables)}>
            {t('awayEnd')}
          </button>
        </p>
      </form>
      {run === null ? null : (
        <div class="away-report" aria-live="polite">
          <p id="away-progress" data-away-progress={run.phase}>
            {run.phase === 'reading'
              ? t('awayReading')
              : run.phase === 'done'
                ? t('awayDone', { n: changed })
                : t('awayProgress', { done: settled, n: run.tables.length })}{' '}
            <progress aria-labelledby="away-progress" max={run.tables.length} value={run.phase === 'reading' ? undefined : settled} />
          </p>
          <ul data-away-report>
            {run.tables.map((table) => {
              const outcome = run.outcomes.get(table.tableId) ?? { state: 'waiting' };
              const entry = entries.get(table.tableId);
              return (
                <li
                  key={table.tableId}
                  data-away-result={table.tableId}
                  data-away-outcome={outcome.state}
                  data-away-reason={outcome.state === 'skipped' ? outcome.reason : undefined}
                  class={`away-${outcome.state}`}
                >
                  <Name name={entry?.ok ? entry.name : table.name} />: {outcomeText(t, app, prefs.lang, outcome)}
                </li>
              );
            })}
          </ul>
          {run.phase === 'done' && failed.length > 0 ? (
            <button type="button" class="secondary" data-away-retry onClick={() => void start(run.request, failed, run)}>
              {t('awayRetry', { n: failed.length })}
            </button>
          ) : null}
        </div>
      )}
    </details>
  );
}
