/**
 * A finished game's record (R10.3) step by step: who holds which card after the first n
 * actions, the trick on the table and what was said. Bookkeeping only: who took a trick is
 * read from the record, never worked out here.
 */
import type { CardCode } from '../../../shared/cards.js';
import type { Seat } from '../../../shared/options.js';
import type { GameRecord, PlayedCard } from '../../../shared/record.js';
import { publicAction, type PublicAction } from '../../../shared/public-action.js';

export interface Snapshot {
  readonly hands: CardCode[][];
  /** The stock while it lies face down, then empty once the declarer took it. */
  readonly stock: CardCode[];
  readonly trick: PlayedCard[];
  /** Who took `trick`, once it is complete. */
  readonly winner: Seat | null;
  /** The public actions so far, as a view's history lists them. */
  readonly said: PublicAction[];
}

export function snapshotAt(game: Pick<GameRecord, 'deal' | 'actions' | 'tricks'>, step: number): Snapshot {
  const hands = game.deal.hands.map((hand) => [...hand]);
  let stock: CardCode[] = [...game.deal.stock];
  let trick: PlayedCard[] = [];
  let tricksDone = 0;
  let winner: Seat | null = null;
  const said: PublicAction[] = [];
  for (const { seat, action, refused } of game.actions.slice(0, step)) {
    if (action.type === 'play') {
      if (winner !== null) trick = [];
      winner = null;
      hands[seat] = hands[seat]!.filter((c) => c !== action.card);
      trick = [...trick, action.knock ? { seat, card: action.card, knock: true } : { seat, card: action.card }];
      if (trick.length === 3) winner = game.tricks[tricksDone++]?.winner ?? null;
    } else if (action.type === 'discard') {
      hands[seat] = [...hands[seat]!, ...stock].filter((c) => !action.cards.includes(c));
      stock = [];
    }
    // A finished game: every double is public (R10.3); a refused claim is told as refused (R7.12).
    const line = publicAction(seat, action, true, refused === true);
    if (line !== null) said.push(line);
  }
  return { hands, stock, trick, winner, said };
}
