/**
 * The end of a game as the table shows it until the player moves on: the last trick still on
 * the table, a banner saying who won what and who pays, the settlement's arithmetic (the
 * engine's own figures, shared/settlement.ts) and the payments, then the whole record (R10.3);
 * after a claim (R7.12), who claimed and the cards left then.
 * Part of the page's flow where the trick lies, so it covers nothing.
 */
import { Fragment } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { LEVELS } from '../../../shared/actions.js';
import { isForcedGame } from '../../../shared/all-pass.js';
import type { Seat } from '../../../shared/options.js';
import { settlementFigures, type SettlementFigures } from '../../../shared/settlement.js';
import type { PublishedGame } from '../api.js';
import { useApp } from '../app-context.js';
import { AppLink } from '../AppLink.js';
import type { Translate } from '../i18n.js';
import { Name, withNames, type Named } from '../names.js';
import { CardImage } from './CardView.js';
import { levelName, placesOf } from './format.js';
import { snapshotAt } from './replay-steps.js';
import { DealHands, Payments, replayPath, sortedCodes } from './Summary.js';
import './result.css';

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The figures of a played game's settlement, as the engine computed them from this record. */
export function figuresOf(game: PublishedGame): SettlementFigures | null {
  if (game.result?.kind !== 'contract' || game.contract === null) return null;
  const potBefore = game.potBefore;
  return settlementFigures(game.options, LEVELS.indexOf(game.contract), game.result.declarerTricks, game.multiplier, potBefore);
}

/** The banner's sentence: who took how many of what, won or lost, and who pays whom. */
export function resultSentence(t: Translate, game: PublishedGame, name: (seat: number) => string): Named {
  const result = game.result;
  if (result === null) return [];
  if (result.kind === 'allPass') return [t('resultAllPass', { stake: game.options.potStake, pot: game.potBefore + (game.settlement?.pot ?? 0) })];
  const figures = figuresOf(game)!;
  const outcome = t(result.won ? 'resultWonWord' : 'resultLostWord');
  const level = levelName(t, game.contract!);
  const said = { level, n: result.declarerTricks, outcome };
  // R7.12: a claim ended the game ("Sepp claimed the rest: 10 of 6 announced: won"); the declarer's own claim names it once.
  const claimer = result.claimedBy;
  const own = claimer !== undefined && claimer === game.declarer;
  const took = figures.flat ? t(own ? 'resultFlatOwn' : 'resultFlat', said) : t(own ? 'resultNumberOwn' : 'resultNumber', said);
  const pays = result.won ? t('resultEachPays', { amount: figures.perDefender }) : t('resultDeclarerPays', { amount: figures.perDefender });
  // Decided before the last trick (R7.9): a claim says so itself.
  const early = result.endedEarly && claimer === undefined ? ` (${t('resultEarly', { n: game.tricks.length })})` : '';
  const sentence = withNames(`${took}${early} — ${pays}`, { name: name(game.declarer!) });
  if (claimer === undefined) return sentence;
  return [
    <Fragment key="claim">{withNames(t('resultClaimedBy'), { name: name(claimer) })}</Fragment>,
    ': ',
    <Fragment key="result">{sentence}</Fragment>,
  ];
}

/**
 * R7.12: what was left when a claim ended the game, from its record (R10.3): each hand (the deal
 * without the cards played, the declarer's with the stock taken up and its discards put away)
 * and the cards of the trick begun, if any.
 */
function ClaimLeft({ game, name }: { game: PublishedGame; name: (seat: number) => string }) {
  const { t } = useApp();
  if (game.result?.kind !== 'contract' || game.result.claimedBy === undefined) return null;
  const left = snapshotAt(game, game.actions.length);
  const onTable = left.winner === null ? left.trick : [];
  return (
    <section class="claim-left" data-claim-left aria-labelledby={`claim-left-${game.dealIndex}`}>
      <h3 id={`claim-left-${game.dealIndex}`}>{t('claimLeft')}</h3>
      <ul class="summary-hands">
        {left.hands.map((hand, seat) => (
          <li key={seat} data-claim-hand={seat}>
            <span class="hand-owner">
              <Name name={name(seat)} />
            </span>
            <span class="card-row">
              {sortedCodes(hand, game.trump).map((code) => (
                <CardImage key={code} code={code} class="small" />
              ))}
            </span>
          </li>
        ))}
        {onTable.length > 0 ? (
          <li data-claim-trick>
            <span class="hand-owner">{t('claimLeftTrick')}</span>
            <span class="card-row">
              {onTable.map((played) => (
                <span key={played.card} class="claim-played">
                  <CardImage code={played.card} class="small" /> <Name name={name(played.seat)} />
                </span>
              ))}
            </span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function Arithmetic({ game, figures, name }: { game: PublishedGame; figures: SettlementFigures; name: (seat: number) => string }) {
  const { t } = useApp();
  const exponent = Math.log2(figures.multiplier);
  const parts = [
    game.doubles.length > 0 ? t('partDoubles', { n: game.doubles.length }) : null,
    game.kontra !== null ? t('partKontra') : null,
    game.re ? t('partRe') : null,
  ].filter((part) => part !== null);
  const product = figures.flat
    ? t('arithmeticFlat', { unit: figures.unit, m: figures.multiplier })
    : t('arithmeticTricks', { n: figures.tricks, unit: figures.unit, m: figures.multiplier });
  const defenders = ([0, 1, 2] as Seat[]).filter((seat) => seat !== game.declarer);
  return (
    <div
      class="arithmetic"
      data-arithmetic
      data-figure-per-defender={figures.perDefender}
      data-figure-multiplier={figures.multiplier}
      data-figure-tricks-paid={figures.tricks}
      data-figure-unit={figures.unit}
      data-figure-pot-to-declarer={figures.potToDeclarer}
      data-figure-pot-to-each-defender={figures.potToEachDefender}
    >
      <h3>{t('arithmeticTitle')}</h3>
      <p>
        {product} {t('arithmeticPerDefender', { amount: figures.perDefender })}
        {exponent > 0 ? (
          <span class="muted">
            {' '}
            ({t('arithmeticMultiplier', { m: figures.multiplier, e: exponent })}: {parts.join(', ')})
          </span>
        ) : null}
      </p>
      {figures.potToDeclarer > 0 ? <p>{withNames(t('potTaken', { amount: figures.potToDeclarer }), { name: name(game.declarer!) })}</p> : null}
      {figures.potToEachDefender > 0 ? <p>{t('potShared', { amount: figures.potToEachDefender })}</p> : null}
      {game.potBefore > 0 && figures.potToDeclarer === 0 ? <p>{t('potStays', { amount: game.potBefore + game.settlement!.pot })}</p> : null}
      <p class="muted">
        {[game.declarer!, ...defenders].map((seat, i) => (
          <Fragment key={seat}>
            {i > 0 ? ' · ' : null}
            <Name name={name(seat)} /> {signed(game.settlement!.payments[seat]!)}
          </Fragment>
        ))}
      </p>
    </div>
  );
}

/** The finished game's last trick, laid out by seat as the live trick is. */
function FinishedTrick({ game, viewer, name }: { game: PublishedGame; viewer: Seat | null; name: (seat: number) => string }) {
  const { t } = useApp();
  const trick = game.tricks.at(-1);
  if (trick === undefined) return null;
  const places = placesOf(viewer);
  return (
    <div
      class="trick finished-trick"
      data-finished-trick={game.tricks.length}
      aria-label={t('trickJustTaken', { n: game.tricks.length, name: name(trick.winner) })}
    >
      {(['left', 'right', 'bottom'] as const).map((place) => {
        const seat = places[place];
        const played = trick.cards.find((c) => c.seat === seat);
        return (
          <div class={`trick-slot ${place}${seat === trick.winner ? ' winner' : ''}`} key={place}>
            {played ? <CardImage code={played.card} /> : <span class="card slot" aria-hidden="true" />}
            <span class="trick-seat-name">
              <Name name={name(seat)} />
            </span>
          </div>
        );
      })}
      <p class="finished-trick-caption">{withNames(t('trickJustTaken', { n: game.tricks.length }), { name: name(trick.winner) })}</p>
    </div>
  );
}

export function GameEnd({
  game,
  names,
  tableId,
  viewer,
  last,
  onNext,
}: {
  game: PublishedGame;
  names: readonly string[];
  tableId: string;
  viewer: Seat | null;
  /** The series ended with this game: nothing follows but the final standings. */
  last: boolean;
  onNext: () => void;
}) {
  const { t } = useApp();
  const name = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const banner = useRef<HTMLParagraphElement>(null);
  // The player may have scrolled down to the hand to play the last card: bring the result to them.
  useEffect(() => {
    banner.current?.scrollIntoView({ block: 'nearest' });
  }, [game.dealIndex]);
  const allPass = game.result?.kind === 'allPass';
  const figures = figuresOf(game);
  const title = allPass ? t('resultRedealTitle', { n: game.gameNumber }) : t('resultTitle', { n: game.gameNumber });
  const outcome = game.result?.kind === 'contract' ? (game.result.won ? 'won' : 'lost') : 'allPass';
  return (
    <section
      class="game-end summary"
      data-summary
      data-game-number={game.gameNumber}
      data-deal-index={game.dealIndex}
      aria-labelledby={`game-end-${game.dealIndex}`}
    >
      <h2 id={`game-end-${game.dealIndex}`}>{title}</h2>
      <p class={`result-banner ${outcome}`} data-result={outcome} ref={banner}>
        {resultSentence(t, game, name)}
      </p>
      {isForcedGame(game.declarer, game.actions) ? <p class="muted">{withNames(t('resultForced'), { name: name(game.declarer!) })}</p> : null}
      <ClaimLeft game={game} name={name} />
      {figures !== null && game.settlement !== null ? <Arithmetic game={game} figures={figures} name={name} /> : null}
      <p class="result-actions">
        <button type="button" class="primary" data-next-game onClick={onNext}>
          {last ? t('toFinalStandings') : t('nextGame')}
        </button>
        <AppLink href={replayPath(tableId, game.dealIndex)}>{t('replayThis')}</AppLink>
      </p>
      <FinishedTrick game={game} viewer={viewer} name={name} />
      <Payments game={game} name={name} />
      <DealHands game={game} name={name} />
    </section>
  );
}
