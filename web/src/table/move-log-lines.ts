/**
 * The lines of the move log (MoveLog.tsx) from the view's `moves`: pure, so that their
 * grouping, the R3.1 wording of doubles and the R7.10 trick lines are tested in Node.
 */
import type { Suit } from '../../../shared/cards.js';
import type { Seat } from '../../../shared/options.js';
import type { Move, PlayMove } from '../../../shared/view.js';
import type { TableView } from '../api.js';
import type { Translate } from '../i18n.js';
import { withNames, type Named } from '../names.js';
import { levelName, seatName } from './format.js';

/** The view fields the log is made of. */
export type LogView = Pick<TableView, 'seat' | 'phase' | 'seats' | 'moves' | 'trickWinners' | 'redeal' | 'declarer' | 'forcedGame'>;

/** One line of the log: the moves it tells (indices into `moves`) and what it says (the names in it isolated). */
export interface Line {
  readonly key: string;
  readonly moves: readonly number[];
  readonly kind: 'move' | 'trick-head' | 'fact';
  readonly text: Named;
  readonly card?: PlayMove['card'];
  readonly auto?: boolean;
}

/**
 * What a seat said, in words (the move log, the replay's history). R3.1: while the doubling
 * window is open (`view.phase` "doubling") only the viewer's own choice is told.
 */
export function saidText(
  t: Translate,
  view: Pick<LogView, 'seat' | 'phase'> & { readonly seats: readonly { readonly name: string }[] },
  entry: Exclude<Move, PlayMove>,
): Named {
  const name = { name: seatName(view, entry.seat) };
  switch (entry.type) {
    case 'double':
      if (view.phase === 'doubling') {
        if (entry.seat === view.seat && entry.double !== null) return [t(entry.double ? 'said_youDoubled' : 'said_youDidNotDouble')];
        return withNames(t('said_decided'), name);
      }
      return withNames(t(entry.double === true ? 'said_double' : 'said_noDouble'), name);
    case 'bid':
      return withNames(t('said_bid', { level: levelName(t, entry.bid) }), name);
    case 'declare':
      return withNames(t('said_declare', { level: levelName(t, entry.contract) }), name);
    case 're':
      return withNames(t(entry.re ? 'said_re' : 'said_noRe'), name);
    case 'hold':
    case 'pass':
    case 'kontra':
    case 'discard':
      return withNames(t(`said_${entry.type}`), name);
    case 'claim':
      // R7.12: a claim judged not sure is shown to every seat; the game went on.
      return withNames(t(entry.refused === true ? 'said_claimRefused' : 'said_claim'), name);
  }
}

const isAuto = (entry: Move): boolean => (entry as { auto?: unknown }).auto === true;

/** The log's lines, in order; `suitName` names a suit in the reader's words (R7.2: the trump named). */
export function logLines(t: Translate, view: LogView, suitName: (suit: Suit) => string): Line[] {
  const lines: Line[] = [];
  if (view.redeal > 0) lines.push({ key: 'redeal', moves: [], kind: 'fact', text: [t('logRedeal', { n: view.redeal })] });
  const moves = view.moves;
  const lastAuction = moves.reduce((last, m, i) => (m.type === 'bid' || m.type === 'hold' || m.type === 'pass' ? i : last), -1);
  moves.forEach((entry, i) => {
    if (entry.type !== 'play') {
      lines.push({ key: `m${i}`, moves: [i], kind: 'move', text: saidText(t, view, entry), auto: isAuto(entry) });
      if (i === lastAuction && view.forcedGame)
        lines.push({ key: 'forced', moves: [], kind: 'fact', text: withNames(t('resultForced'), { name: seatName(view, view.declarer!) }) });
      return;
    }
    const firstOfTrick = i === 0 || moves[i - 1]!.type !== 'play' || (moves[i - 1] as PlayMove).trick !== entry.trick;
    const trickMoves = moves.flatMap((m, j) => (m.type === 'play' && m.trick === entry.trick ? [j] : []));
    const winner = view.trickWinners[entry.trick - 1];
    if (entry.card === null) {
      // R7.10: only who took this trick may be shown; one line for the whole trick.
      if (firstOfTrick) {
        const text =
          winner === undefined
            ? [t('logTrick', { n: entry.trick })]
            : withNames(t('logTrickWon', { n: entry.trick }), { name: seatName(view, winner) });
        lines.push({ key: `t${entry.trick}`, moves: trickMoves, kind: 'trick-head', text, auto: trickMoves.some((j) => isAuto(moves[j]!)) });
      }
      return;
    }
    if (firstOfTrick) {
      const head =
        winner === undefined
          ? [t('logTrick', { n: entry.trick })]
          : withNames(`${t('logTrick', { n: entry.trick })} · ${t('logWonBy')}`, { name: seatName(view, winner) });
      lines.push({ key: `t${entry.trick}`, moves: [], kind: 'trick-head', text: head });
    }
    const notes = [entry.trump !== undefined ? t('logNamesTrump', { suit: suitName(entry.trump) }) : null, entry.knock ? t('logKnocks') : null];
    const text = [...withNames(t('logPlays'), { name: seatName(view, entry.seat) }), ...notes.flatMap((n) => (n === null ? [] : [` · ${n}`]))];
    lines.push({ key: `m${i}`, moves: [i], kind: 'move', text, card: entry.card, auto: isAuto(entry) });
  });
  return lines;
}

/** The index in `moves` of the viewer's own last entry, or -1. */
export const lastOwnMove = (moves: readonly Move[], viewer: Seat | null): number =>
  viewer === null ? -1 : moves.reduce((last, m, i) => (m.seat === viewer ? i : last), -1);
