/** A table from a seat's or a spectator's link: the live view, the controls legal now, and the last game's settlement. */
import { useEffect, useState } from 'preact/hooks';
import { useMedia } from '../media.js';
import { isMoveOwed } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { isolated, Name, withNames } from '../names.js';
import { readStored, writeStored } from '../prefs.js';
import { tokenFromLocation } from '../router.js';
import { Dock } from './Dock.js';
import { placesOf, seatName } from './format.js';
import { GameFacts, turnText } from './GameFacts.js';
import { ConnectionLine, dockLocked } from './ConnectionLine.js';
import { rememberLink } from '../opened-links.js';
import { SeatPanel } from './SeatPanel.js';
import { TableLoading } from './TableStatus.js';
import { TrickArea } from './Tricks.js';
import { useTable } from './useTable.js';
import { useInPageMenu } from '../page-menu.js';
import { AdminNotice } from './AdminNotice.js';
import { afterPaint, lazyPage, PageLoading } from '../lazy.js';
import { withLaterTexts, type ErrorLike } from '../i18n.js';

const dismissedKey = (tableId: string) => `wallachen.summarySeen.${tableId}`;

/** The seat's own settings below the table, loaded once the table is there. */
const SeatSettings = lazyPage<{ view: TableView; tableId: string; token: string; onView: (view: TableView) => void }>(
  () => withLaterTexts(() => import('./SeatSettings.js')),
  () => <></>,
  { afterPaint: true },
);

/** A refused link's message, with the texts that say why: only when the link is refused. */
const BadLink = lazyPage<{ error: ErrorLike }>(() => withLaterTexts(() => import('./BadLink.js')), PageLoading);

/** The chat, the move log, the result and the score sheet: after the first cards (their places are kept meanwhile). */
const useLaterParts = afterPaint(() => withLaterTexts(() => import('./later-parts.js')));

export function TablePage({ tableId }: { tableId: string }) {
  const { t, prefs } = useApp();
  const [token] = useState(tokenFromLocation);
  const table = useTable(tableId, token);
  const [dismissed, setDismissed] = useState<number>(() => Number(readStored(dismissedKey(tableId)) ?? -1));
  const { view } = table;
  const later = useLaterParts(view !== null);
  // A link that showed its table is listed under "Your tables" on the home page of this device.
  useEffect(() => void (view !== null && rememberLink(tableId, token, view.name)), [tableId, token, view?.name]);
  // The service worker's first install fetches the app's files: not while the first cards are on their way.
  useEffect(() => void (later !== null && later.startServiceWorker(prefs.lang)), [later]);
  // As wide as a desktop's: the board shows two columns (styles.css), the move log beside the table.
  const wide = useMedia('(min-width: 900px)');
  // The seat's own choice at this table, in the ☰ menu (a spectator and a bot seat have none), with the later parts.
  const autoForced = view?.autoForced ?? null;
  useInPageMenu(
    autoForced === null || later === null ? null : (
      <later.AutoForcedToggle key={String(autoForced)} tableId={tableId} token={token} initial={autoForced} />
    ),
    [autoForced, later, tableId, token],
  );

  // The tab's title says when a move is owed, so a table left in a background tab is noticed.
  const owesMove = view !== null && view.legalActions.some(isMoveOwed);
  useEffect(() => {
    if (view) document.title = `${owesMove ? `● ${t('yourTurn')} · ` : ''}${isolated(view.name)} · ${t('appName')}`;
  }, [view?.name, owesMove, t]);

  if (table.fatal !== null) return <BadLink error={table.fatal} />;
  if (view === null) return <TableLoading table={table} />;

  const places = placesOf(view.seat);
  // The games of the series being played: the score sheet adds them up, and the last of them may
  // be the one that just ended (a new series started by the admin shows no result of the old one).
  const seriesGames = table.games?.filter((g) => (g.series ?? 1) === view.series) ?? null;
  const latest = seriesGames?.at(-1) ?? null;
  const names = view.seats.map((s) => s.name);
  // The view's game is the finished one only once the series is over; otherwise the next game runs,
  // and a seat that has already moved in it has moved on from the last result (on another device, say).
  const movedOn = view.phase !== 'finished' && view.seat !== null && view.moves.some((m) => m.seat === view.seat);
  // Until the finished games are read, a game that just ended may be missing: its next game's controls
  // wait, and the game before it is not shown as the one that ended.
  const firstDeal = view.gameNumber === 1 && view.redeal === 0 && view.phase !== 'finished';
  // The result is shown by a part loaded after the first cards: until it is there, it is pending too.
  const resultPending = (table.gamesLoading || later === null) && !firstDeal && !movedOn;
  const showResult = !resultPending && latest !== null && latest.dealIndex > dismissed && !movedOn;
  const moveOn = () => {
    if (latest === null) return;
    writeStored(dismissedKey(tableId), String(latest.dealIndex));
    setDismissed(latest.dealIndex);
    if (view.seriesOver) requestAnimationFrame(() => document.getElementById('final-standings')?.focus());
  };
  const turn = turnText(view, t);

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
        <h1 class="table-name">
          <Name name={view.name} />
        </h1>
        <p class="who">{view.seat === null ? t('spectating') : withNames(t('youAre'), { name: seatName(view, view.seat) })}</p>
        <p class={`turn${view.turn === view.seat && view.seat !== null ? ' mine' : ''}`} aria-live="polite">
          {turn}
        </p>
        <ConnectionLine table={table} />
      </div>
      <AdminNotice view={view} />
      <div class="board">
        <div class="opponents">
          <SeatPanel view={view} seat={places.left} showBacks />
          <SeatPanel view={view} seat={places.right} showBacks />
        </div>
        <GameFacts view={view} />
        {showResult && latest && later ? (
          <later.GameEnd game={latest} names={names} tableId={tableId} viewer={view.seat} last={view.seriesOver} onNext={moveOn} />
        ) : (
          <TrickArea view={view} />
        )}
        <div class="side">
          {later ? <later.Chat tableId={tableId} token={token} view={view} table={table} /> : <ChatPlace view={view} />}
          {showResult || !later ? null : <later.LastTrick view={view} />}
          {later ? <later.AllTricks view={view} /> : null}
          {later ? <later.MoveLog view={view} wide={wide} /> : <MoveLogPlace view={view} />}
        </div>
        <SeatPanel view={view} seat={places.bottom} showBacks={view.seat === null} />
        {/* A seat's next hand and controls wait for it to move on; a spectator's dock holds only what the game waits for. */}
        {/* Paused or ended by the admin: the controls stay in view, disabled (the server refuses them too). */}
        <fieldset class="dock-lock" disabled={dockLocked(view, table)}>
          <Dock
            view={view}
            table={table}
            tableId={tableId}
            hidden={view.seat !== null && (showResult || resultPending)}
            loading={resultPending}
            claim={later ? <later.ClaimSlot view={view} table={table} /> : null}
          />
        </fieldset>
      </div>
      {/* The score sheet adds up the series being played only (games of earlier series stay in …/games). */}
      {seriesGames !== null && later ? <later.ScoreSheet view={view} games={seriesGames} tableId={tableId} /> : null}
      {later && view.webhook === 'disabled' ? (
        <p class="error" role="status" data-webhook-state="disabled">
          {t('noticesWebhookDisabled')}
        </p>
      ) : null}
      {/* issue 15: only a spectator's link is announced */}
      {later && view.seat === null ? <later.OembedDiscovery tableId={tableId} token={token} /> : null}
      {/* After the later parts above it, so that it never moves when they come. */}
      {later && view.seat !== null ? <SeatSettings view={view} tableId={tableId} token={token} onView={table.show} /> : null}
    </div>
  );
}

/** The folded chat's bar, where the chat will be once loaded: nothing moves when it comes. */
function ChatPlace({ view }: { view: TableView }) {
  const { t } = useApp();
  if (!view.chat) return null;
  return (
    <details class="chat" aria-busy="true">
      <summary>
        <span class="chat-title">{t('chatTitle')}</span>
      </summary>
    </details>
  );
}

/** The folded move log's bar, where the log will be once loaded. */
function MoveLogPlace({ view }: { view: TableView }) {
  const { t } = useApp();
  if (view.moves.length === 0) return null;
  return (
    <details class="move-log" aria-busy="true">
      <summary>{t('moveLogTitle', { n: view.gameNumber })}</summary>
    </details>
  );
}
