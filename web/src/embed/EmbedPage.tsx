/**
 * The embeddable table (API.md "Embedding"), compact enough for a 320×480 frame on another
 * site and growing with it: `/embed/{tableId}#<spectator token>`, what a spectator sees, and
 * `/embed/{tableId}/seat#<seat token>`, a seat's table with its hand and controls (the table
 * page's own Dock: confirm moves, moves made offline). The Worker lets only the origins the
 * table's admin listed frame the seat path (worker/routes/embed.ts), any site the spectator
 * path: so a seat's link on the spectator path moves to the seat path before anything of it
 * shows, and the browser then applies the seat path's policy. A spectator's link on the
 * seat path is told so. The site framing the page hears of it by postMessage (host-bridge.ts).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { isMoveOwed } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { isLoaded, loadLanguage, translator, type TextKey } from '../i18n.js';
import { isolated, Name } from '../names.js';
import { tokenFromLocation } from '../router.js';
import { AdminNotice } from '../table/AdminNotice.js';
import { ConnectionLine, dockLocked } from '../table/ConnectionLine.js';
import { Dock } from '../table/Dock.js';
import { placesOf } from '../table/format.js';
import { GameFacts, turnText } from '../table/GameFacts.js';
import { guidesOf } from '../table/Guidance.js';
import { SeatPanel } from '../table/SeatPanel.js';
import { BadLink } from '../table/BadLink.js';
import { TableLoading } from '../table/TableStatus.js';
import { TrickArea } from '../table/Tricks.js';
import { LastTrick } from '../table/TrickHistory.js';
import { SEAT_LINK, useTable, type TableState } from '../table/useTable.js';
import { HostBridge } from './host-bridge.js';
import './embed.css';

/** A refusal in the reader's language, then in the other one: whoever pasted the link may read either. */
function WrongLink({ text, code }: { text: TextKey; code: string }) {
  const { prefs, t } = useApp();
  const other = prefs.lang === 'de' ? 'en' : 'de';
  // Only the reader's language is loaded with the page; the other one's texts come now, and the
  // refusal is said once they are here (an alert is read out when it appears, not as it grows),
  // in the reader's language alone should they not come.
  const [otherTexts, setOtherTexts] = useState<'loading' | 'loaded' | 'failed'>(() => (isLoaded(other) ? 'loaded' : 'loading'));
  useEffect(() => {
    if (otherTexts === 'loading')
      void loadLanguage(other).then(
        () => setOtherTexts('loaded'),
        () => setOtherTexts('failed'),
      );
  }, [other, otherTexts]);
  if (otherTexts === 'loading') return null;
  return (
    <div class="embed-refused" role="alert" data-error={code}>
      <p>{t(text)}</p>
      {otherTexts === 'loaded' ? <p lang={other}>{translator(other)(text)}</p> : null}
    </div>
  );
}

/** The page's height for the host's frame: the content's, not the frame's (scrollHeight never shrinks below the frame). */
function contentHeight(): number {
  const main = document.getElementById('content');
  if (main === null) return document.documentElement.scrollHeight;
  const body = getComputedStyle(document.body);
  return Math.ceil(main.getBoundingClientRect().bottom + scrollY + parseFloat(body.marginBottom) + parseFloat(body.paddingBottom));
}

/** Tells the framing site what it may know: ready, this seat's turn, a game's end, the height. */
function useHostEvents(tableId: string, view: TableView | null): void {
  const { setPrefs } = useApp();
  const bridge = useMemo(() => new HostBridge(tableId, (theme) => setPrefs({ theme })), [tableId]);
  useEffect(() => () => bridge.stop(), [bridge]);
  useEffect(() => {
    const observer = new ResizeObserver(() => bridge.send({ type: 'wallachen:resize', height: contentHeight() }));
    observer.observe(document.getElementById('content') ?? document.body);
    return () => observer.disconnect();
  }, [bridge]);
  const ready = view !== null;
  useEffect(() => void (ready && bridge.send({ type: 'wallachen:ready', seat: view.seat })), [ready]);
  const owesMove = view !== null && view.seat !== null && view.legalActions.some(isMoveOwed);
  useEffect(() => {
    if (owesMove) bridge.send({ type: 'wallachen:turn', gameNumber: view.gameNumber, version: view.version });
    else bridge.withdraw('wallachen:turn');
  }, [owesMove, view?.version]);
  // A game ended when the next one is dealt, or when the series is over: the game number before says which.
  const [seenGame, setSeenGame] = useState<{ gameNumber: number; finished: boolean } | null>(null);
  useEffect(() => {
    if (view === null) return;
    const finished = view.phase === 'finished';
    if (seenGame !== null && (view.gameNumber > seenGame.gameNumber || (finished && !seenGame.finished))) {
      const ended = finished ? view.gameNumber : seenGame.gameNumber;
      bridge.send({ type: 'wallachen:game-over', gameNumber: ended, seriesOver: view.seriesOver });
    }
    if (seenGame?.gameNumber !== view.gameNumber || seenGame.finished !== finished) setSeenGame({ gameNumber: view.gameNumber, finished });
  }, [view?.gameNumber, view?.phase]);
}

/** The guides at the controls, folded: in a 320×480 frame they would push the hand out of it. One tap opens them (the frame grows if its host lets it). */
function GuidesToggle({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const { t } = useApp();
  return (
    <button
      type="button"
      class="guides-toggle"
      data-guides-toggle
      aria-expanded={open}
      aria-label={t('embedGuides')}
      title={t('embedGuides')}
      onClick={() => setOpen(!open)}
    >
      ?
    </button>
  );
}

function EmbedHead({ view, table, tableId, token }: { view: TableView; table: TableState; tableId: string; token: string }) {
  const { t } = useApp();
  return (
    <div class="embed-head">
      <h1 class="table-name">
        <Name name={view.name} />
      </h1>
      <ConnectionLine table={table} />
      {/* The full table page, in a new tab: a frame is no place to navigate in. */}
      <a href={`/t/${encodeURIComponent(tableId)}#${encodeURIComponent(token)}`} target="_blank" rel="noopener">
        {t('embedOpen')}
      </a>
    </div>
  );
}

export function EmbedPage({ tableId, seat }: { tableId: string; seat: boolean }) {
  const { t } = useApp();
  const [token] = useState(tokenFromLocation);
  const [guidesOpen, setGuidesOpen] = useState(false);
  const table = useTable(tableId, token, { spectatorOnly: !seat, games: false });
  const { view } = table;
  useHostEvents(tableId, view !== null && (view.seat !== null) === seat ? view : null);

  const movesToSeat = table.fatal?.code === SEAT_LINK;
  useEffect(() => {
    // The seat path's frame-ancestors decide whether this frame may show a seat: the browser applies them on this navigation.
    if (movesToSeat) location.replace(`/embed/${encodeURIComponent(tableId)}/seat${location.search}${location.hash}`);
  }, [movesToSeat]);
  useEffect(() => {
    if (view) document.title = `${isolated(view.name)} · ${t('appName')}`;
  }, [view?.name, t]);

  if (movesToSeat) return <TableLoading table={table} className="embed" />;
  if (table.fatal !== null) return <BadLink error={table.fatal} />;
  if (view === null) return <TableLoading table={table} className="embed" />;
  if (seat && view.seat === null) return <WrongLink text="embedSpectatorOnSeat" code="spectator_link" />;

  const mine = view.seat !== null && view.turn === view.seat;
  const places = placesOf(view.seat);
  const guides = seat && guidesOf(view, t).length > 0 ? { open: guidesOpen, setOpen: setGuidesOpen } : null;
  return (
    <div
      class={`table embed phase-${view.phase}${seat ? ' embed-seat' : ''}${guides?.open ? ' guides-open' : ''}`}
      data-table
      data-embed
      data-phase={view.phase}
      data-version={view.version}
      data-seat={view.seat ?? 'spectator'}
      data-turn={view.turn ?? ''}
      data-game-number={view.gameNumber}
      data-connection={table.connection}
    >
      <EmbedHead view={view} table={table} tableId={tableId} token={token} />
      {/* The turn and the game's facts beside the "?": the toggle costs no line of its own. */}
      <div class="embed-turn">
        <div class="embed-status">
          <p class={`turn${mine ? ' mine' : ''}`} aria-live="polite">
            {turnText(view, t)}
          </p>
          <GameFacts view={view} />
        </div>
        {guides === null ? null : <GuidesToggle {...guides} />}
      </div>
      {/* Who the seat is: its panel says "you". */}
      <AdminNotice view={view} />
      {/* In the order of the trick's row below (left, own place, right): a seat's panel stands over its card. */}
      <div class="embed-seats">
        {(['left', 'bottom', 'right'] as const).map((place) => (
          <SeatPanel key={place} view={view} seat={places[place]} showBacks={false} />
        ))}
      </div>
      {/* Before the play the trick is only empty places: a seat's frame spends that room on the hand and controls. */}
      {seat && view.phase !== 'play' && view.phase !== 'finished' ? null : <TrickArea view={view} />}
      {seat ? (
        // Paused or ended by the admin: the controls stay in view, disabled (the server refuses them too).
        <fieldset class="dock-lock" disabled={dockLocked(view, table)}>
          <Dock view={view} table={table} tableId={tableId} />
        </fieldset>
      ) : (
        <LastTrick view={view} />
      )}
    </div>
  );
}
