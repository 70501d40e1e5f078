import type { JSX } from 'preact';
import type { CardCode, Rank, Suit } from '../../../shared/cards.js';
import { CourtFigure } from './CourtFigure.js';
import { indexLabel, rankOfCode, suitOfCode, type CardPattern } from './names.js';
import { suitInk, SuitSymbol } from './suits.js';

type PipRank = '7' | '8' | '9' | '10';

/**
 * Pip rows (y) of the two side columns and of the centre column, per number card. The side
 * columns run between the corner indices, so the pips can use the card's full height.
 */
const PIP_ROWS: Record<PipRank, readonly [side: readonly number[], centre: readonly number[]]> = {
  '7': [[16, 45, 74], [30.5]],
  '8': [[14, 34.7, 55.3, 76], []],
  '9': [[14, 34.7, 55.3, 76], [45]],
  '10': [
    [14, 34.7, 55.3, 76],
    [24.3, 65.7],
  ],
};

const isPipRank = (rank: Rank): rank is PipRank => rank in PIP_ROWS;

/**
 * Rank and suit in the top-left corner: the part of a card still visible in a fanned hand.
 * The opposite corner repeats only the suit: a second rank would make the button's visible
 * text "UU" or "77", which no longer matches its name ("Eichel Unter") for screen readers
 * and voice control (WCAG 2.5.3, label in name).
 */
function CornerIndex({ suit, rank, pattern, withRank = true }: { suit: Suit; rank: Rank; pattern: CardPattern; withRank?: boolean }) {
  const label = indexLabel(rank, pattern);
  return (
    <>
      {withRank ? (
        <text
          x="8"
          y="15.5"
          fill={suitInk(suit, pattern)}
          font-family="Arial,Helvetica,'Liberation Sans',sans-serif"
          font-size="15"
          font-weight="700"
          text-anchor="middle"
          // "10" would be wider than the single letters; squeeze it into the same column.
          {...(label.length > 1 ? { textLength: '13', lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {label}
        </text>
      ) : null}
      <SuitSymbol suit={suit} pattern={pattern} x={8} y={26.5} scale={0.62} />
    </>
  );
}

function Middle({ suit, rank, pattern }: { suit: Suit; rank: Rank; pattern: CardPattern }) {
  if (rank === 'A') return <SuitSymbol suit={suit} pattern={pattern} x={30} y={46} scale={1.9} />;
  if (!isPipRank(rank)) return <CourtFigure suit={suit} rank={rank} pattern={pattern} />;
  const [side, centre] = PIP_ROWS[rank];
  const pips: (readonly [x: number, y: number])[] = [
    ...side.flatMap(
      (y) =>
        [
          [22, y],
          [38, y],
        ] as const,
    ),
    ...centre.map((y) => [30, y] as const),
  ];
  return (
    <>
      {pips.map(([x, y]) => (
        // Pips in the lower half stand upside down, as on printed cards.
        <SuitSymbol suit={suit} pattern={pattern} x={x} y={y} scale={0.56} flip={y > 45} />
      ))}
    </>
  );
}

export function CardFace({ code, pattern }: { code: CardCode; pattern: CardPattern }): JSX.Element {
  const suit = suitOfCode(code);
  const rank = rankOfCode(code);
  return (
    <svg class="card-svg" viewBox="0 0 60 90" width="100%" height="100%" aria-hidden="true">
      <rect x=".5" y=".5" width="59" height="89" rx="4.5" fill="#fffdf6" stroke="#8d8a80" />
      <Middle suit={suit} rank={rank} pattern={pattern} />
      <CornerIndex suit={suit} rank={rank} pattern={pattern} />
      <g transform="rotate(180 30 45)">
        <CornerIndex suit={suit} rank={rank} pattern={pattern} withRank={false} />
      </g>
    </svg>
  );
}
