/**
 * The current game move by move (the view's `moves`): doubles, the auction, the contract,
 * every card by trick (or only who took a trick whose cards R7.10 no longer shows), knocks,
 * kontra and re, the forced game and redeals. A player back after a day finds the marker
 * "since your last move" after their own last entry, and what came after it highlighted;
 * opening the folded log ("n new since your last move") brings what is new into view.
 */
import { useRef, useState } from 'preact/hooks';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { cardName, suitName } from '../cards/index.js';
import { CardImage } from './CardView.js';
import { lastOwnMove, logLines } from './move-log-lines.js';

export function MoveLog({ view, wide }: { view: TableView; wide: boolean }) {
  const own = lastOwnMove(view.moves, view.seat);
  const newer = own < 0 ? 0 : view.moves.length - 1 - own;
  return <MoveLogOfGame key={`${view.gameNumber}/${view.redeal}`} view={view} own={own} newer={newer} openAtFirst={wide && newer > 0} />;
}

function MoveLogOfGame({ view, own, newer, openAtFirst }: { view: TableView; own: number; newer: number; openAtFirst: boolean }) {
  const { t, prefs } = useApp();
  // Open or folded as first shown; then as the player leaves it (a re-render must not fold it).
  const [open] = useState(openAtFirst);
  const list = useRef<HTMLOListElement>(null);
  /** Set by a click on the summary: only a log the player opens is scrolled (one open at first is not). */
  const opening = useRef(false);
  const lines = logLines(t, view, (suit) => suitName(suit, prefs.pattern, prefs.lang));
  if (lines.length === 0) return null;
  // The marker follows the line that tells the viewer's last move.
  const markerAfter = own < 0 || newer === 0 ? -1 : lines.findIndex((line) => line.moves.includes(own));
  return (
    <details
      class="move-log"
      data-move-log
      data-new={newer}
      open={open}
      onToggle={(event) => {
        if (!opening.current || !(event.currentTarget as HTMLDetailsElement).open) return;
        opening.current = false;
        showNew(list.current);
      }}
    >
      <summary onClick={() => (opening.current = true)}>
        {t('moveLogTitle', { n: view.gameNumber })}{' '}
        <span class="log-note">({newer > 0 ? t('moveLogNew', { n: newer }) : t('moveLogCount', { n: view.moves.length })})</span>
      </summary>
      <ol ref={list}>
        {lines.map((line, i) => {
          const isNew = markerAfter >= 0 && i > markerAfter && line.moves.some((j) => j > own);
          return [
            <li
              key={line.key}
              class={`${line.kind}${isNew ? ' new' : ''}`}
              data-log-moves={line.moves.join(' ')}
              data-new-entry={isNew ? '' : undefined}
            >
              {/* One inline run: the names in it (each a <bdi>) flow with the words around them. */}
              <span class="log-text">{line.text}</span>
              {line.card ? (
                <>
                  {' '}
                  <CardImage code={line.card} class="small" />{' '}
                  {/* The picture is small: its name is read at a glance (the picture's label already says it to screen readers). */}
                  <span class="log-card-name" aria-hidden="true">
                    {cardName(line.card, prefs.pattern, prefs.lang)}
                  </span>
                </>
              ) : null}
              {line.auto ? <span class="log-note">({t('logAuto')})</span> : null}
            </li>,
            i === markerAfter ? (
              <li key="since" class="since-marker" data-since-last-move>
                {t('sinceYourLastMove')}
              </li>
            ) : null,
          ];
        })}
      </ol>
    </details>
  );
}

/**
 * Brings the entries after "since your last move" into view: all of them, ending with the
 * newest, when they fit the screen; else from the marker on.
 */
function showNew(list: HTMLOListElement | null): void {
  const marker = list?.querySelector<HTMLElement>('[data-since-last-move]');
  const last = list?.lastElementChild;
  if (marker == null || last == null) return;
  const top = marker.getBoundingClientRect().top;
  const bottom = last.getBoundingClientRect().bottom;
  if (top >= 0 && bottom <= innerHeight) return;
  if (bottom - top <= innerHeight) last.scrollIntoView({ block: 'end' });
  else marker.scrollIntoView({ block: 'start' });
}
