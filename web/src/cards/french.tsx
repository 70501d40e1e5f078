/** The French pattern (♣ ♠ ♥ ♦, A K Q J): loaded only when chosen (french-cards.ts). */
import type { Suit } from '../../../shared/cards.js';
import type { FrenchCards } from './french-cards.js';
import { HEART } from './heart.js';

const BLACK = '#1b1b1b';
const RED = '#d0202e';

const Club = ({ ink }: { ink: string }) => (
  <g fill={ink}>
    <circle cy="-4.8" r="4.4" />
    <circle cx="-4.8" cy="2" r="4.4" />
    <circle cx="4.8" cy="2" r="4.4" />
    <path d="M0-1L-3.2 9.8H3.2Z" />
  </g>
);

const Spade = ({ ink }: { ink: string }) => (
  <path d="M0-10C-2-6-10-2.5-10 2.5C-10 6.5-5.5 8-2.2 5.2L-3.5 9.8H3.5L2.2 5.2C5.5 8 10 6.5 10 2.5C10-2.5 2-6 0-10Z" fill={ink} />
);

/** A suit's symbol in its 20 × 20 box; `ink` replaces black (text on dark themes). */
export function FrenchShape({ suit, ink }: { suit: Suit; ink: string }) {
  if (suit === 'E') return <Club ink={ink} />;
  if (suit === 'G') return <Spade ink={ink} />;
  return suit === 'H' ? <path d={HEART} fill={RED} /> : <path d="M0-10L7.5 0L0 10L-7.5 0Z" fill={RED} />;
}

export const french: FrenchCards = {
  ink: { E: BLACK, G: BLACK, H: RED, S: RED },
  // Long hair and a low crown instead of hat and beard.
  queen: { hat: 'M24.5 25.5V20.5L27.3 23L30 19L32.7 23L35.5 20.5V25.5Z', hair: '#6b3a1a' },
  // The suits are called what is printed on them: Eichel↔Kreuz (clubs), Gras↔Pik (spades), Herz↔Herz (hearts), Schellen↔Karo (diamonds).
  suitNames: {
    de: { E: 'Kreuz', G: 'Pik', H: 'Herz', S: 'Karo' },
    en: { E: 'Clubs', G: 'Spades', H: 'Hearts', S: 'Diamonds' },
  },
  courtNames: {
    de: { A: 'Ass', K: 'König', O: 'Dame', U: 'Bube' },
    en: { A: 'Ace', K: 'King', O: 'Queen', U: 'Jack' },
  },
  index: { O: 'Q', U: 'J' },
};
