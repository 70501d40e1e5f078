/**
 * A finished game as its record tells it (R10.3: all hands, the stock, the discards, every
 * trick and the payments), as the replay ends; the table page's game end is GameEnd.tsx.
 */
import type { ComponentChildren } from 'preact';
import { bit, cardFromCode, codesOf, SUITS, type CardCode } from '../../../shared/cards.js';
import type { PublishedGame } from '../api.js';
import { useApp } from '../app-context.js';
import { Name, withNames } from '../names.js';
import { CardImage, CardRow } from './CardView.js';
import { levelName } from './format.js';

/** Cards sorted for reading: by suit, strongest first, the trump suit first when there is one. */
export function sortedCodes(codes: readonly CardCode[], trump: string | null = null): CardCode[] {
  const set = codes.reduce((s, code) => s | bit(cardFromCode(code)!), 0);
  return codesOf(set, trump === null ? -1 : SUITS.indexOf(trump as (typeof SUITS)[number]));
}

export function replayPath(tableId: string, dealIndex: number): string {
  return `/t/${tableId}/replay/${dealIndex}${location.hash}`;
}

export function GameSummary({
  game,
  names,
  onClose,
  nextStarted,
  children,
}: {
  game: PublishedGame;
  names: readonly string[];
  onClose?: () => void;
  nextStarted: boolean;
  /** What the page adds under the result (the replay: the analysis). */
  children?: ComponentChildren;
}) {
  const { t } = useApp();
  const name = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const result = game.result;
  return (
    <section
      class="summary"
      data-summary
      data-game-number={game.gameNumber}
      data-deal-index={game.dealIndex}
      aria-labelledby={`summary-${game.dealIndex}`}
    >
      <h2 id={`summary-${game.dealIndex}`}>
        {/* A redeal is not a game of the series (R5.2): it has no settlement of its own to title. */}
        {t(result?.kind === 'allPass' ? 'resultRedealTitle' : 'summaryTitle', { n: game.gameNumber })}
      </h2>
      {result?.kind === 'allPass' ? <p>{t('summaryAllPass')}</p> : null}
      {result?.kind === 'contract' && game.declarer !== null && game.contract !== null ? (
        <p>
          {withNames(t(result.won ? 'summaryWon' : 'summaryLost', { level: levelName(t, game.contract), n: result.declarerTricks }), {
            name: name(game.declarer),
          })}{' '}
          {result.claimedBy !== undefined
            ? withNames(t('summaryClaimed'), { name: name(result.claimedBy) })
            : result.endedEarly
              ? t('summaryEarly')
              : ''}{' '}
          {game.multiplier > 1 ? `${t('multiplier')} ×${game.multiplier}.` : ''}
        </p>
      ) : null}
      {children}
      <Payments game={game} name={name} />
      <DealHands game={game} name={name} />
      {game.tricks.length > 0 ? (
        <details>
          <summary>
            {t('tricks')} ({game.tricks.length})
          </summary>
          <ol class="summary-tricks">
            {game.tricks.map((trick, i) => (
              <li key={i}>
                {trick.cards.map((played) => (
                  <CardImage key={played.card} code={played.card} class={`small${played.seat === trick.winner ? ' winner' : ''}`} />
                ))}
                <span>
                  <Name name={name(trick.winner)} />
                </span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {nextStarted ? <p class="muted">{t('nextGameStarted')}</p> : null}
      {/* The replay shows this at its end: no link to itself. */}
      {onClose ? (
        <p class="summary-actions">
          <button type="button" onClick={onClose}>
            {t('close')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** What each seat and the pot got from a finished game (its record's settlement). */
export function Payments({ game, name }: { game: PublishedGame; name: (seat: number) => string }) {
  const { t } = useApp();
  return (
    <table class="payments">
      <caption>{t('payments')}</caption>
      <tbody>
        {(game.settlement?.payments ?? [0, 0, 0]).map((amount, seat) => (
          <tr key={seat}>
            <th scope="row">
              <Name name={name(seat)} />
            </th>
            <td data-payment={seat}>{signed(amount)}</td>
          </tr>
        ))}
        {/* Only a table that plays the pot when everybody passes has one (R5.2). */}
        {game.options.allPass === 'pot' ? (
          <tr>
            <th scope="row">{t('pot')}</th>
            <td data-payment="pot">{signed(game.settlement?.pot ?? 0)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** A finished game's deal, open (R10.3): every hand, the stock and the discards. */
export function DealHands({ game, name }: { game: PublishedGame; name: (seat: number) => string }) {
  const { t } = useApp();
  return (
    <>
      <h3>{t('hands')}</h3>
      <ul class="summary-hands">
        {game.deal.hands.map((hand, seat) => (
          <CardRow key={seat} owner={<Name name={name(seat)} />} codes={sortedCodes(hand, game.trump)} />
        ))}
        <CardRow owner={t('stock')} codes={game.deal.stock} />
        {game.discards ? <CardRow owner={t('discarded')} codes={game.discards} /> : null}
      </ul>
    </>
  );
}
