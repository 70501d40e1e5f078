/** The current trick laid out by seat (the tricks taken before it: TrickHistory.tsx). */
import { useEffect, useState } from 'preact/hooks';
import type { CardCode } from '../../../shared/cards.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { Name, withNames } from '../names.js';
import { CardImage } from './CardView.js';
import type { Level } from '../../../shared/actions.js';
import type { Translate } from '../i18n.js';
import { levelName, placesOf, seatName } from './format.js';
import './result.css';

/** A seat's last word in the auction, from the view's public history: its last bid, hold (with the bid it held: the last said before it) or pass. */
function auctionWord(t: Translate, view: TableView, seat: number): string {
  let said: string | null = null;
  let standing: Level | null = null;
  for (const entry of view.history) {
    if (entry.type === 'bid') standing = entry.bid;
    if (entry.seat !== seat) continue;
    if (entry.type === 'bid') said = levelName(t, entry.bid);
    else if (entry.type === 'hold') said = t('auctionHolds', { level: standing === null ? '' : levelName(t, standing) });
    else if (entry.type === 'pass') said = t('auctionPasses');
  }
  return said ?? t('auctionSilent');
}

/**
 * The table before the first card: no trick yet, so a low felt with each seat in its place,
 * and from the auction on each seat's last word in it (`data-auction`), in view as the
 * players bid, until the play begins.
 */
function BeforePlay({ view }: { view: TableView }) {
  const { t } = useApp();
  const places = placesOf(view.seat);
  const auction = view.phase !== 'doubling';
  return (
    <div class="trick-area">
      <section
        class="trick before-play"
        data-trick
        data-showing="current"
        data-auction={auction ? '' : undefined}
        aria-label={auction ? t('auctionLog') : t('trickArea')}
      >
        {(['left', 'right', 'bottom'] as const).map((place) => {
          const seat = places[place];
          return (
            <div class={`trick-slot ${place}`} data-trick-seat={seat} key={place}>
              <span class="trick-seat-name">
                <Name name={seatName(view, seat)} />
              </span>
              {auction ? (
                <span class="auction-word" data-auction-seat={seat}>
                  {auctionWord(t, view, seat)}
                </span>
              ) : null}
            </div>
          );
        })}
      </section>
    </div>
  );
}

/**
 * The trick on the table. A trick just completed stays there, with who took it, until the
 * next card is led; while a trick is being played, one tap shows the last completed trick the
 * view allows (R7.10) in its place, and one more brings the current trick back. Before the
 * play, BeforePlay.
 */
export function TrickArea({ view }: { view: TableView }) {
  if (view.phase !== 'play' && view.phase !== 'finished') return <BeforePlay view={view} />;
  return <TrickOnTable view={view} />;
}

function TrickOnTable({ view }: { view: TableView }) {
  const { t } = useApp();
  const places = placesOf(view.seat);
  const completed = view.trickWinners.length;
  const [lookingBack, setLookingBack] = useState(false);
  // A new card on the table is what the player must see: looking back ends with it.
  const trickKey = `${view.gameNumber}/${view.redeal}/${completed}/${view.trick.length}`;
  useEffect(() => setLookingBack(false), [trickKey]);
  const justTaken = view.trick.length === 0 && view.lastTrick !== null && completed > 0;
  const canLookBack = view.trick.length > 0 && view.lastTrick !== null;
  const showingLast = justTaken || (lookingBack && canLookBack);
  const cards: readonly { seat: number; card: CardCode }[] = showingLast ? view.lastTrick!.cards : view.trick;
  const winner = showingLast ? view.lastTrick!.winner : null;
  const shown = shownTrick(view);
  const lastTitle = shown === 'other-side' ? (view.seat === null ? t('lastTrickDeclarer') : t('lastTrickOtherSide')) : t('lastTrick');
  return (
    <div class="trick-area">
      <section
        class={`trick${showingLast ? ' completed' : ''}`}
        data-trick
        data-showing={showingLast ? (justTaken ? 'taken' : 'last') : 'current'}
        aria-label={t('trickArea')}
      >
        {(['left', 'right', 'bottom'] as const).map((place) => {
          const seat = places[place];
          const played = cards.find((c) => c.seat === seat);
          return (
            <div class={`trick-slot ${place}${seat === winner ? ' winner' : ''}`} data-trick-seat={seat} key={place}>
              {played ? <CardImage code={played.card} /> : <span class="card slot" aria-hidden="true" />}
              <span class="trick-seat-name">
                <Name name={seatName(view, seat)} />
              </span>
            </div>
          );
        })}
        {showingLast && winner !== null ? (
          <p class="trick-caption" aria-live="polite">
            {justTaken
              ? withNames(t('trickJustTaken', { n: completed }), { name: seatName(view, winner) })
              : withNames(`${lastTitle}: ${t('trickWonBy')}`, { name: seatName(view, winner) })}
          </p>
        ) : null}
      </section>
      {canLookBack ? (
        <button
          type="button"
          class="link trick-toggle"
          data-last-trick-toggle
          aria-pressed={lookingBack}
          onClick={() => setLookingBack(!lookingBack)}
        >
          {lookingBack ? t('backToTrick') : t('showLastTrick')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * R7.10: the completed trick the view shows, as its `lastTrickIs` says: the latest one, or the
 * other side's last (a spectator's: the declarer's), or none when that side has taken none yet.
 */
type Shown = 'latest' | 'other-side' | 'none';

export function shownTrick(view: Pick<TableView, 'lastTrickIs' | 'lastTrick'>): Shown | null {
  if (view.lastTrickIs === null) return null;
  if (view.lastTrickIs === 'latest') return 'latest';
  return view.lastTrick === null ? 'none' : 'other-side';
}
