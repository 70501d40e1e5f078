/**
 * The current game move by move (the view's `moves`): doubles, the auction, the contract,
 * every card by trick (or only who took a trick whose cards R7.10 no longer shows), knocks,
 * kontra and re, the forced game and redeals. A player back after a day finds the marker
 * "since your last move" after their own last entry, and what came after it highlighted.
 */
import { useState } from 'preact/hooks';
import type { Seat } from '../../../shared/options.js';
import type { Move, PlayMove } from '../../../shared/view.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { SUIT_NAMES } from '../cards/index.js';
import type { Translate } from '../i18n.js';
import { CardImage } from './CardView.js';
import { levelName, seatName } from './format.js';

/** One line of the log: the moves it tells (indices into `moves`) and what it says. */
interface Line {
  readonly key: string;
  readonly moves: readonly number[];
  readonly kind: 'move' | 'trick-head' | 'fact';
  readonly text: string;
  readonly card?: PlayMove['card'];
  readonly auto?: boolean;
}

/** R3.1: while the doubling window is open only the viewer's own choice is told. */
function saidText(t: Translate, view: TableView, entry: Exclude<Move, PlayMove>): string | null {
  const name = seatName(view, entry.seat);
  switch (entry.type) {
    case 'double':
      if (view.phase === 'doubling') {
        if (entry.seat === view.seat && entry.double !== null) return t(entry.double ? 'said_youDoubled' : 'said_youDidNotDouble');
        return t('said_decided', { name });
      }
      return t(entry.double === true ? 'said_double' : 'said_noDouble', { name });
    case 'bid':
      return t('said_bid', { name, level: levelName(t, entry.bid) });
    case 'declare':
      return t('said_declare', { name, level: levelName(t, entry.contract) });
    case 're':
      return t(entry.re ? 'said_re' : 'said_noRe', { name });
    case 'hold':
    case 'pass':
    case 'kontra':
    case 'discard':
      return t(`said_${entry.type}`, { name });
  }
}

const isAuto = (entry: Move): boolean => (entry as { auto?: unknown }).auto === true;

/** The log's lines, in order. Exported for the unit test of its grouping. */
export function logLines(t: Translate, view: TableView): Line[] {
  const lines: Line[] = [];
  if (view.redeal > 0) lines.push({ key: 'redeal', moves: [], kind: 'fact', text: t('logRedeal', { n: view.redeal }) });
  const moves = view.moves;
  const lastAuction = moves.reduce((last, m, i) => (m.type === 'bid' || m.type === 'hold' || m.type === 'pass' ? i : last), -1);
  const forced = view.declarer !== null && !moves.some((m) => m.type === 'bid');
  moves.forEach((entry, i) => {
    if (entry.type !== 'play') {
      const text = saidText(t, view, entry);
      if (text !== null) lines.push({ key: `m${i}`, moves: [i], kind: 'move', text, auto: isAuto(entry) });
      if (i === lastAuction && forced)
        lines.push({ key: 'forced', moves: [], kind: 'fact', text: t('resultForced', { name: seatName(view, view.declarer!) }) });
      return;
    }
    const firstOfTrick = i === 0 || moves[i - 1]!.type !== 'play' || (moves[i - 1] as PlayMove).trick !== entry.trick;
    const trickMoves = moves.flatMap((m, j) => (m.type === 'play' && m.trick === entry.trick ? [j] : []));
    const winner = view.trickWinners[entry.trick - 1];
    if (entry.card === null) {
      // R7.10: only who took this trick may be shown; one line for the whole trick.
      if (firstOfTrick) {
        const text = winner === undefined ? t('logTrick', { n: entry.trick }) : t('logTrickWon', { n: entry.trick, name: seatName(view, winner) });
        lines.push({ key: `t${entry.trick}`, moves: trickMoves, kind: 'trick-head', text, auto: trickMoves.some((j) => isAuto(moves[j]!)) });
      }
      return;
    }
    if (firstOfTrick) {
      const head =
        winner === undefined
          ? t('logTrick', { n: entry.trick })
          : `${t('logTrick', { n: entry.trick })} · ${t('logWonBy', { name: seatName(view, winner) })}`;
      lines.push({ key: `t${entry.trick}`, moves: [], kind: 'trick-head', text: head });
    }
    const notes = [entry.trump !== undefined ? t('logNamesTrump', { suit: SUIT_NAMES[entry.trump] }) : null, entry.knock ? t('logKnocks') : null];
    const text = [t('logPlays', { name: seatName(view, entry.seat) }), ...notes.filter((n) => n !== null)].join(' · ');
    lines.push({ key: `m${i}`, moves: [i], kind: 'move', text, card: entry.card, auto: isAuto(entry) });
  });
  return lines;
}

/** The index in `moves` of the viewer's own last entry, or -1. */
export const lastOwnMove = (moves: readonly Move[], viewer: Seat | null): number =>
  viewer === null ? -1 : moves.reduce((last, m, i) => (m.seat === viewer ? i : last), -1);

export function MoveLog({ view, wide }: { view: TableView; wide: boolean }) {
  const own = lastOwnMove(view.moves, view.seat);
  const newer = own < 0 ? 0 : view.moves.length - 1 - own;
  return <MoveLogOfGame key={`${view.gameNumber}/${view.redeal}`} view={view} own={own} newer={newer} openAtFirst={wide && newer > 0} />;
}

function MoveLogOfGame({ view, own, newer, openAtFirst }: { view: TableView; own: number; newer: number; openAtFirst: boolean }) {
  const { t } = useApp();
  // Open or folded as first shown; then as the player leaves it (a re-render must not fold it).
  const [open] = useState(openAtFirst);
  const lines = logLines(t, view);
  if (lines.length === 0) return null;
  // The marker follows the line that tells the viewer's last move.
  const markerAfter = own < 0 || newer === 0 ? -1 : lines.findIndex((line) => line.moves.includes(own));
  return (
    <details class="move-log" data-move-log data-new={newer} open={open}>
      <summary>
        {t('moveLogTitle', { n: view.gameNumber })}{' '}
        <span class="log-note">({newer > 0 ? t('moveLogNew', { n: newer }) : t('moveLogCount', { n: view.moves.length })})</span>
      </summary>
      <ol>
        {lines.map((line, i) => {
          const isNew = markerAfter >= 0 && i > markerAfter && line.moves.some((j) => j > own);
          return [
            <li
              key={line.key}
              class={`${line.kind}${isNew ? ' new' : ''}`}
              data-log-moves={line.moves.join(' ')}
              data-new-entry={isNew ? '' : undefined}
            >
              {line.text}
              {line.card ? <CardImage code={line.card} class="small" /> : null}
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
