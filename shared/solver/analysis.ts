/**
 * What a finished game could have been: from its record, the declarer's tricks under perfect
 * play from the first card, and for every card played how many tricks it cost its side
 * against perfect play (the double-dummy solver's figures). Pure; the replay page runs it in
 * the browser, card by card, once the record is published (R10.3: never before the game is over).
 */
import { LEVEL_BETTEL } from '../actions.js';
import { CARD_CODES, cardFromCode, type CardCode } from '../cards.js';
import { applyParsedAction, namesTrump, type GameState } from '../game.js';
import type { Seat } from '../options.js';
import { initialGameOf, type GameRecord } from '../record.js';
import { evaluatePlays, solve } from './index.js';

export interface CardCost {
  /** Index of the play in the record's actions. */
  readonly actionIndex: number;
  readonly seat: Seat;
  readonly card: CardCode;
  /** Tricks the card lost its side against the best card (0 for a perfect card, never negative). */
  readonly cost: number;
  /** The cards that were best instead (empty when the card played was one of them). */
  readonly best: readonly CardCode[];
  /** The declarer's final tricks under perfect play after this card. */
  readonly declarerTricksAfter: number;
}

export interface GameAnalysis {
  readonly declarer: Seat;
  /** The declarer's tricks under perfect play by everybody from the first card (for bettel, a perfect declarer takes 0). */
  readonly perfectTricks: number;
  readonly cards: readonly CardCost[];
}

type AnalysisRecord = Pick<GameRecord, 'options' | 'deal' | 'dealer' | 'gameNumber' | 'potBefore' | 'redeal' | 'actions'>;

/** The declarer wants many tricks, except in bettel (R7.9); the defenders want the opposite. */
const wantsMore = (game: GameState, seat: Seat): boolean => (seat === game.declarer) !== (game.contract === LEVEL_BETTEL);

function valueOfPlay(
  game: GameState,
  seat: Seat,
  action: GameRecord['actions'][number]['action'],
  values: Map<number, number>,
  card: number,
): number {
  // evaluatePlays values the declarer's first card with the best trump it could name; the trump actually named is judged here.
  if (!namesTrump(game)) return values.get(card)!;
  const next = applyParsedAction(game, seat, action);
  if (!next.ok) throw new Error(`analysis: the record's play is refused: ${next.error.message}`);
  return solve(next.value);
}

/**
 * The analysis one card at a time: yields after each card so that a caller can spread the
 * work over several tasks; returns the whole analysis, or null for a game without play
 * (all passed, R5). Throws if the record does not replay (records are validated on arrival).
 */
export function* analyseSteps(record: AnalysisRecord): Generator<CardCost, GameAnalysis | null, void> {
  const start = initialGameOf(record as GameRecord);
  if (!start.ok) throw new Error(`analysis: ${start.error.message}`);
  let game = start.value;
  let perfectTricks: number | null = null;
  const cards: CardCost[] = [];
  for (const [actionIndex, { seat, action, refused }] of record.actions.entries()) {
    // R7.12: an accepted claim ends the game (the record's last action); the cards it spared are not played. A refused one changed nothing.
    if (action.type === 'claim') {
      if (refused === true) continue;
      break;
    }
    if (action.type === 'play') {
      if (perfectTricks === null) perfectTricks = solve(game);
      const plays = evaluatePlays(game);
      const values = new Map(plays.map((p) => [p.card, p.declarerTricks]));
      const card = cardFromCode(action.card)!;
      const more = wantsMore(game, seat);
      const bestValue = plays.reduce((best, p) => (more ? Math.max(best, p.declarerTricks) : Math.min(best, p.declarerTricks)), more ? -1 : 99);
      const played = valueOfPlay(game, seat, action, values, card);
      const cost = more ? bestValue - played : played - bestValue;
      const entry: CardCost = {
        actionIndex,
        seat,
        card: action.card,
        cost,
        best: cost > 0 ? plays.filter((p) => p.declarerTricks === bestValue).map((p) => CARD_CODES[p.card]!) : [],
        declarerTricksAfter: played,
      };
      cards.push(entry);
      yield entry;
    }
    const next = applyParsedAction(game, seat, action);
    if (!next.ok) throw new Error(`analysis: action ${actionIndex + 1} of the record is refused: ${next.error.message}`);
    game = next.value;
  }
  if (perfectTricks === null || game.declarer < 0) return null;
  return { declarer: game.declarer as Seat, perfectTricks, cards };
}

/** The whole analysis at once (tests, tools). */
export function analyseGame(record: AnalysisRecord): GameAnalysis | null {
  const steps = analyseSteps(record);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
