/**
 * A player of random legal actions, as the server benchmarks play (load.ts,
 * worker-bench-cold.ts): who may act, from the public part of any seat's view, and one of
 * the acting seat's legal actions at random.
 */

/** The parts of a seat's view (API.md) a random player reads. */
export interface View {
  version: number;
  phase: 'doubling' | 'auction' | 'discard' | 'declare' | 'play' | 'finished';
  seriesOver: boolean;
  turn: number | null;
  declarer: number | null;
  hand: string[] | null;
  seats: { decided: boolean }[];
  legalActions: Record<string, unknown>[];
  commitment: string | null;
}

/** The seats that may have something to do, from the public part of any seat's view (null: none read yet). */
export function candidates(view: View | null): number[] {
  if (view === null) return [0, 1, 2];
  switch (view.phase) {
    case 'doubling':
      return [0, 1, 2].filter((seat) => view.seats[seat]?.decided === false);
    case 'auction':
    case 'play': // kontra is offered to the seat to play among its cards; re is the declarer's own turn (R8.2)
      return view.turn === null ? [] : [view.turn];
    case 'discard':
    case 'declare':
      return view.declarer === null ? [] : [view.declarer];
    case 'finished':
      return [];
    default:
      throw new Error(`not a view: ${JSON.stringify(view).slice(0, 300)}`);
  }
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One of `mine`'s legal actions at random (a discard: two random cards of its hand); undefined when it has none. */
export function randomAction(mine: View): Record<string, unknown> | undefined {
  if (mine.legalActions.length === 0) return undefined;
  const action = pick(mine.legalActions);
  if (action.type !== 'discard') return action;
  const hand = [...(mine.hand ?? [])];
  const first = hand.splice(Math.floor(Math.random() * hand.length), 1)[0];
  return { type: 'discard', cards: [first, pick(hand)] };
}
