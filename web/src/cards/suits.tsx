import type { JSX } from 'preact';
import type { Suit } from '../../../shared/cards.js';
import { frenchCards } from './french-cards.js';
import { HEART } from './heart.js';
import type { CardPattern } from './names.js';

// Every symbol is drawn once, in a 20 × 20 box centred on the origin, and placed by a transform:
// no ids, so any number of cards can share a page.

const BLACK = '#1b1b1b';

const BAVARIAN_INK: Record<Suit, string> = { E: '#6b3f14', G: '#23722a', H: '#c81e1e', S: '#a85d00' };

/** Ink for the corner index, so a card's suit shows by colour even where only its edge is visible. */
export const suitInk = (suit: Suit, pattern: CardPattern): string => (pattern === 'french' ? frenchCards().ink : BAVARIAN_INK)[suit];

const Acorn = () => (
  <>
    <path d="M0 6V10" stroke="#3d2408" stroke-width="1.8" stroke-linecap="round" />
    <path d="M-5.5 0C-6-5-3-9.5 0-10C3-9.5 6-5 5.5 0Z" fill="#d39a3a" stroke="#5a3510" />
    <path d="M-3-5.5C-3.2-4-3-2.5-2.6-1.5" fill="none" stroke="#f3d58c" stroke-width="1.2" stroke-linecap="round" />
    <path d="M-7-.5C-7 4-4 6.5 0 6.5C4 6.5 7 4 7-.5Z" fill="#6e4219" stroke="#3d2408" />
    <path d="M-5 1.5L-2 5M-1.5.5L2.5 5.5M2.5.5L5.5 4M5 1.5L2 5M1.5.5L-2.5 5.5M-2.5.5L-5.5 4" stroke="#a8733a" stroke-width=".7" />
  </>
);

const Leaf = () => (
  <>
    <path d="M0 4V10" stroke="#1d5a1b" stroke-width="1.8" stroke-linecap="round" />
    <path d="M0-10C3-7 9.5-3 9.5 1.5C9.5 5.5 5 7 1 5L0 4.5L-1 5C-5 7-9.5 5.5-9.5 1.5C-9.5-3-3-7 0-10Z" fill="#3f9c37" stroke="#1d5a1b" />
    <path d="M0 4.5V-6.5M0-2L-4.5-5M0-2L4.5-5M0 1.5L-6-1M0 1.5L6-1" fill="none" stroke="#1d5a1b" stroke-width=".8" />
  </>
);

const BavarianHeart = () => (
  <>
    <path d={HEART} fill="#d62828" stroke="#8c1010" />
    <path d="M-7-4.5C-7-6.5-5.5-7.5-4-7.5" fill="none" stroke="#f4a0a0" stroke-width="1.3" stroke-linecap="round" />
  </>
);

const Bell = () => (
  <>
    <circle cy="-8.2" r="1.6" fill="none" stroke="#8a5a00" stroke-width="1.1" />
    <circle cy="1" r="8" fill="#f2b526" stroke="#8a5a00" />
    <path d="M-7.8-.8H7.8A8 8 0 0 1 7.8 2.8H-7.8A8 8 0 0 1-7.8-.8Z" fill="#d3322b" stroke="#8a1a10" stroke-width=".6" />
    <path d="M-5.5-3.5A6 6 0 0 1-1.5-5.6" fill="none" stroke="#fff0b0" stroke-width="1.3" stroke-linecap="round" />
    <path d="M-3.5 5.7H3.5" stroke="#5a3a00" stroke-width="1.4" stroke-linecap="round" />
    <circle cy="6.2" r="1.1" fill="#5a3a00" />
  </>
);

let frenchShape: ((props: { suit: Suit; ink: string }) => JSX.Element) | null = null;

/** The French symbols, once loaded (pattern-loader.ts). */
export function setFrenchShape(shape: (props: { suit: Suit; ink: string }) => JSX.Element): void {
  frenchShape = shape;
}

/** The symbol of one suit in its 20 × 20 box; `ink` replaces black, for text on dark themes. */
function SuitShape({ suit, pattern, ink = BLACK }: { suit: Suit; pattern: CardPattern; ink?: string }) {
  if (pattern === 'french') {
    if (frenchShape === null) throw new Error('the French cards are not loaded (loadPattern first)');
    return frenchShape({ suit, ink });
  }
  if (suit === 'E') return <Acorn />;
  if (suit === 'G') return <Leaf />;
  return suit === 'H' ? <BavarianHeart /> : <Bell />;
}

/** A suit symbol centred at (x, y), `scale` times its 20-unit size; `flip` turns it upside down. */
export function SuitSymbol(props: { suit: Suit; pattern: CardPattern; x: number; y: number; scale: number; flip?: boolean }) {
  const { x, y, scale, flip } = props;
  return (
    <g transform={`translate(${x} ${y}) scale(${flip ? -scale : scale})`}>
      <SuitShape suit={props.suit} pattern={props.pattern} />
    </g>
  );
}

/** A suit symbol sized like the surrounding text; black suits take the text colour, so they stay visible on dark backgrounds. */
export function SuitIcon({ suit, pattern }: { suit: Suit; pattern: CardPattern }): JSX.Element {
  return (
    <svg class="suit-icon" viewBox="-10 -10 20 20" width="1em" height="1em" aria-hidden="true">
      <SuitShape suit={suit} pattern={pattern} ink="currentColor" />
    </svg>
  );
}
