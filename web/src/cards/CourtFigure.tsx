import type { Suit } from '../../../shared/cards.js';
import type { CardPattern } from './names.js';
import { frenchCards } from './french-cards.js';
import { SuitSymbol } from './suits.js';

type CourtRank = 'K' | 'O' | 'U';

interface Court {
  robe: string;
  /** Shoulder to hand. */
  arm: string;
  hand: readonly [x: number, y: number];
  hat: string;
  hatFill: string;
  hatStroke: string;
  beard?: string;
  hair?: string;
}

const GOLD = '#f2c230';
const CROWN = { hatFill: GOLD, hatStroke: '#8a6a00' };

/**
 * The Unter holds his symbol low, the Ober high, the König at his side under a crown: the three
 * differ by silhouette and robe colour, not only by the corner letter.
 */
const BAVARIAN_COURTS: Record<CourtRank, Court> = {
  U: {
    robe: '#2f5fb3',
    arm: 'M24 41L17 58',
    hand: [14, 65],
    hat: 'M23.5 27C23.5 20 36.5 20 36.5 27Z',
    hatFill: '#1f3f7a',
    hatStroke: '#1f3f7a',
  },
  O: {
    robe: '#b02a2a',
    arm: 'M36 41L43 27',
    hand: [45, 19],
    hat: 'M21 24.5H39M25 24.5V18.5H35V24.5',
    hatFill: '#3a2a1a',
    hatStroke: '#3a2a1a',
    beard: '#7a4a22',
  },
  K: {
    robe: '#6b3fa0',
    arm: 'M36 41L42 45',
    hand: [45, 46],
    hat: 'M23.5 25V15L27 19.5L30 13L33 19.5L36.5 15V25Z',
    ...CROWN,
    beard: '#c9c2b8',
  },
};

export function CourtFigure({ suit, rank, pattern }: { suit: Suit; rank: CourtRank; pattern: CardPattern }) {
  // The French Ober is a queen: long hair and a low crown instead of hat and beard.
  const court: Court =
    pattern === 'french' && rank === 'O' ? { ...BAVARIAN_COURTS.O, ...CROWN, beard: undefined, ...frenchCards().queen } : BAVARIAN_COURTS[rank];
  return (
    <>
      <path d="M23 38C26 36 34 36 37 38L42 79H18Z" fill={court.robe} stroke="#222" stroke-width=".8" stroke-linejoin="round" />
      <path d="M20.5 57H39.5" stroke={GOLD} stroke-width="2" />
      <path d={court.arm} stroke={court.robe} stroke-width="4" stroke-linecap="round" />
      {court.hair && <path d="M23.5 31C23 25 26 23 30 23C34 23 37 25 36.5 31L38 40H22Z" fill={court.hair} />}
      <circle cx="30" cy="30" r="6.2" fill="#f6d3ad" stroke="#6b4a2b" stroke-width=".8" />
      <path d="M27.7 29.6h.1M32.2 29.6h.1" stroke="#333" stroke-width="1.4" stroke-linecap="round" />
      {court.beard && <path d="M24.5 31.5C25 38.5 35 38.5 35.5 31.5C33 33.5 27 33.5 24.5 31.5Z" fill={court.beard} />}
      <path d={court.hat} fill={court.hatFill} stroke={court.hatStroke} stroke-width="1.2" stroke-linejoin="round" />
      <SuitSymbol suit={suit} pattern={pattern} x={court.hand[0]} y={court.hand[1]} scale={0.76} />
    </>
  );
}
