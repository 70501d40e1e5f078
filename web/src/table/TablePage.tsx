/** A table from a seat's or a spectator's link: the live view, the controls legal now, and the last game's settlement. */
import { useEffect, useState } from 'preact/hooks';
import { isMoveOwed } from '../../../shared/actions.js';
import { useApp } from '../app-context.js';
import { readStored, writeStored } from '../prefs.js';
import { tokenFromLocation } from '../router.js';
import { Dock } from './Dock.js';
import { placesOf, seatName } from './format.js';
import { GameFacts, turnText } from './GameFacts.js';
import { History } from './History.js';
import { Notifications } from './Notifications.js';
import { SeatPanel } from './SeatPanel.js';
import { BadLink, TableLoading } from './TableStatus.js';
import { GameSummary, GamesList } from './Summary.js';
import { AllTricks, LastTrick, TrickArea } from './Tricks.js';
import { useTable } from './useTable.js';

const dismissedKey = (tableId: string) => `wallachen.summarySeen.${tableId}`;

export function TablePage({ tableId }: { tableId: string }) {
  const { t } = useApp();
  const [token] = useState(tokenFromLocation);
  const table = useTable(tableId, token);
  const [dismissed, setDismissed] = useState<number>(() => Number(readStored(dismissedKey(tableId)) ?? -1));
  const { view } = table;

  // The tab's title says when a move is owed, so a table left in a background tab is noticed.
  const owesMove = view !== null && view.legalActions.some(isMoveOwed);
  useEffect(() => {
    if (view) document.title = `${owesMove ? `● ${t('yourTurn')} · ` : ''}${view.name} · ${t('appName')}`;
  }, [view?.name, owesMove, t]);

  if (table.fatal !== null) return <BadLink message={table.fatal.message} />;
  if (view === null) return <TableLoading table={table} />;

  const places = placesOf(view.seat);
  const latest = table.games?.at(-1) ?? null;
  const names = view.seats.map((s) => s.name);
  const showSummary = latest !== null && latest.dealIndex > dismissed;
  const closeSummary = () => {
    if (latest === null) return;
    writeStored(dismissedKey(tableId), String(latest.dealIndex));
    setDismissed(latest.dealIndex);
  };
  const turn = turnText(view, t);
  const connectionText = { live: t('connectionLive'), connecting: t('connectionConnecting'), offline: t('connectionOffline') }[table.connection];

  return (
    <div
      class={`table phase-${view.phase}`}
      data-table
      data-phase={view.phase}
      data-version={view.version}
      data-seat={view.seat ?? 'spectator'}
      data-turn={view.turn ?? ''}
      data-game-number={view.gameNumber}
      data-connection={table.connection}
    >
      <div class="status-bar">
        <h1 class="table-name">{view.name}</h1>
        <p class={`turn${view.turn === view.seat && view.seat !== null ? ' mine' : ''}`} aria-live="polite">
          {turn}
        </p>
        <p class={`connection ${table.connection}`} role="status">
          <span class="dot" aria-hidden="true" /> {connectionText}
        </p>
      </div>
      <p class="who">{view.seat === null ? t('spectating') : t('youAre', { name: seatName(view, view.seat) })}</p>
      {table.error ? (
        <p class="error" role="alert" data-error>
          {table.error.code === 'network'
            ? t('errorNetwork')
            : table.error.code === 'stale_version'
              ? t('errorStale')
              : t('errorGeneric', { message: table.error.message })}{' '}
          <button type="button" class="link" onClick={table.clearError}>
            {t('close')}
          </button>
        </p>
      ) : null}
      {view.seriesOver ? (
        <section class="series-over" data-series-over>
          <h2>{t('seriesOver')}</h2>
          <p>{t('finalBalances')}:</p>
          <ul>
            {view.seats.map((s, seat) => (
              <li key={seat}>
                {s.name}: <b>{s.balance}</b>
              </li>
            ))}
          </ul>
          {/* R5.3: the pot left at the end is paid back in equal shares; a remainder stays in it. */}
          {view.potPaidBack > 0 ? <p data-pot-paid-back={view.potPaidBack}>{t('potPaidBack', { n: view.potPaidBack })}</p> : null}
          {view.pot !== 0 ? <p data-pot-remains={view.pot}>{t('potRemains', { n: view.pot })}</p> : null}
        </section>
      ) : null}
      {showSummary && latest ? (
        <GameSummary game={latest} names={names} tableId={tableId} onClose={closeSummary} nextStarted={!view.seriesOver} />
      ) : null}
      <div class="board">
        <div class="opponents">
          <SeatPanel view={view} seat={places.left} showBacks />
          <SeatPanel view={view} seat={places.right} showBacks />
        </div>
        <GameFacts view={view} />
        <TrickArea view={view} />
        <div class="side">
          <LastTrick view={view} />
          <AllTricks view={view} />
          <History view={view} viewer={view.seat} doublingOpen={view.phase === 'doubling'} />
        </div>
        <SeatPanel view={view} seat={places.bottom} showBacks={view.seat === null} />
        <Dock view={view} table={table} tableId={tableId} />
      </div>
      {table.games !== null ? <GamesList games={table.games} tableId={tableId} /> : null}
      {view.webhook === 'disabled' ? (
        <p class="error" role="status" data-webhook-state="disabled">
          {t('noticesWebhookDisabled')}
        </p>
      ) : null}
      {view.seat !== null ? <Notifications tableId={tableId} token={token} /> : null}
    </div>
  );
}
