/**
 * The own hand and the controls for the actions legal now. Only what `legalActions` lists is
 * offered: the page never decides a rule, the engine on the server does.
 */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { Action, Level } from '../../../shared/actions.js';
import type { CardCode, Suit } from '../../../shared/cards.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { cardName, suitName, SuitIcon } from '../cards/index.js';
import { withNames } from '../names.js';
import { CardButton } from './CardView.js';
import { ClaimPlace } from './ClaimPlace.js';
import { keyOf, type Armed } from './confirm.js';
import { levelName, seatName } from './format.js';
import { Guidance } from './Guidance.js';

/** Sends `action` (or, with "confirm moves" on, selects it first); `label` says what it is, in words. */
export type Act = (action: Action, label: string) => void;

/** The id of the hint that tells how to send a selected move: the selected control points to it. */
export const ARMED_HINT_ID = 'armed-hint';

export interface HandProps {
  readonly view: TableView;
  readonly act: Act;
  readonly pending: boolean;
  /** The move selected by a first tap (option "confirm moves"), or null. */
  readonly armed: Armed | null;
  readonly chosen: readonly CardCode[];
  readonly setChosen: (cards: CardCode[]) => void;
  readonly knock: boolean;
  /** The trump suit picked for the first card (option trump "named"), or null. */
  readonly trump: Suit | null;
}

/** How a card of the hand may be played now, as `legalActions` lists it. */
interface CardPlays {
  plain: boolean;
  knock: boolean;
  /** The suits that may be named as trump with this card (R7.2, option trump "named"). */
  readonly trumps: Set<Suit>;
}

/** The plays `legalActions` lists, by card. */
function playsOf(view: TableView): Map<CardCode, CardPlays> {
  const plays = new Map<CardCode, CardPlays>();
  for (const action of view.legalActions) {
    if (action.type !== 'play') continue;
    const entry = plays.get(action.card) ?? { plain: false, knock: false, trumps: new Set<Suit>() };
    if (action.trump !== undefined) entry.trumps.add(action.trump);
    else if (action.knock === true) entry.knock = true;
    else entry.plain = true;
    plays.set(action.card, entry);
  }
  return plays;
}

/** The suits `legalActions` lets the seat name as trump with its card (empty unless it names trump now), in SUITS' order: E G H S, the alphabet's. */
function namableSuits(plays: Map<CardCode, CardPlays>): Suit[] {
  const suits = new Set<Suit>();
  for (const entry of plays.values()) for (const suit of entry.trumps) suits.add(suit);
  return [...suits].sort();
}

/** The action a click on `code` sends: with the trump named, the knock if switched on, or the plain play; null when not offered. */
function playOf(code: CardCode, entry: CardPlays | undefined, trump: Suit | null, knock: boolean): Action | null {
  if (entry === undefined) return null;
  if (entry.trumps.size > 0) return trump !== null && entry.trumps.has(trump) ? { type: 'play', card: code, trump } : null;
  if (knock && entry.knock) return { type: 'play', card: code, knock: true };
  if (entry.plain) return { type: 'play', card: code };
  return entry.knock ? { type: 'play', card: code, knock: true } : null;
}

/** Arrow keys move between the cards that can be used now, as in a toolbar. */
function moveFocus(event: KeyboardEvent): void {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const buttons = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[(at + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** The grid classes of a hand: on a narrow screen a long hand whose cards are to be tapped wraps into two even rows (each card a thumb wide). */
const handLayout = (count: number): string => (count > 7 ? ` rows-2 cols-${Math.ceil(count / 2)}` : '');

export function Hand({ view, act, pending, armed, chosen, setChosen, knock, trump }: HandProps) {
  const { t, prefs } = useApp();
  if (view.hand === null) return null;
  const plays = playsOf(view);
  const discarding = view.legalActions.some((a) => a.type === 'discard');
  const fromStock = new Set<string>(view.stock ?? []);
  const acting = plays.size > 0 || discarding;
  return (
    <section
      class={`hand${acting ? ' acting' : ''}${handLayout(view.hand.length)}`}
      data-hand
      role="group"
      aria-label={t('yourHand')}
      onKeyDown={moveFocus}
    >
      {view.hand.map((code) => {
        const name = cardName(code, prefs.pattern, prefs.lang);
        if (discarding) {
          const selected = chosen.includes(code);
          return (
            <CardButton
              key={code}
              code={code}
              label={t('chooseCard', { card: name })}
              class={`${selected ? 'chosen' : ''}${fromStock.has(code) ? ' from-stock' : ''}`}
              aria-pressed={selected}
              disabled={pending}
              onClick={() => setChosen(selected ? chosen.filter((c) => c !== code) : [...chosen, code].slice(-2))}
            />
          );
        }
        // A card offered with a trump to name waits (disabled) until a suit is picked.
        const offered = plays.has(code);
        const play = playOf(code, plays.get(code), trump, knock);
        const isArmed = play !== null && armed?.key === keyOf(play);
        return (
          <CardButton
            key={code}
            code={code}
            label={offered ? t('playCard', { card: name }) : name}
            class={`${play !== null ? 'playable' : ''}${isArmed ? ' armed' : ''}`}
            data-action={offered ? 'play' : undefined}
            data-armed={isArmed ? '' : undefined}
            aria-describedby={isArmed ? ARMED_HINT_ID : undefined}
            disabled={play === null || pending}
            onClick={() => play !== null && act(play, name)}
          />
        );
      })}
    </section>
  );
}

/**
 * How an action looks: bids and holds go up (filled), passes and refusals step back (outlined,
 * set apart), contracts are announced (square), kontra and re double (×2, warm). Each kind has
 * its own shape and mark, not only its own colour.
 */
type Kind = 'bid' | 'hold' | 'pass' | 'double' | 'decline' | 'declare' | 'kontra' | 're' | 'send';

const MARKS: Record<Kind, string> = { bid: '▲', hold: '=', pass: '→', double: '×2', decline: '–', declare: '✓', kontra: '×2', re: '×2', send: '✓' };

function Button({
  action,
  label,
  what = label,
  kind,
  act,
  pending,
  armed,
  ...hooks
}: {
  /** Null while the move is not complete yet (two cards to discard): then the button is disabled. */
  action: Action | null;
  label: string;
  /** The move in words, when the label does not say it (the cards to discard). */
  what?: string;
  kind: Kind;
  view: TableView;
  act: Act;
  pending: boolean;
  armed: Armed | null;
  [hook: `data-${string}`]: string;
}) {
  const isArmed = action !== null && armed?.key === keyOf(action);
  return (
    <button
      type="button"
      class={`action kind-${kind}${isArmed ? ' armed' : ''}`}
      disabled={pending || action === null}
      data-armed={isArmed ? '' : undefined}
      aria-describedby={isArmed ? ARMED_HINT_ID : undefined}
      onClick={() => action !== null && act(action, what)}
      {...hooks}
    >
      <span class="mark" aria-hidden="true">
        {MARKS[kind]}
      </span>
      {label}
    </button>
  );
}

/** A row of actions of one kind: what raises, and apart from it what declines. */
const Group = ({ kind, children }: { kind: 'raise' | 'decline' | 'kontra'; children: ComponentChildren }) => (
  <div class={`choices ${kind}`} role="group">
    {children}
  </div>
);

/** R7.2 with option trump "named": the suits to name, as radio buttons with the suit's picture and name. */
function TrumpPicker({
  suits,
  trump,
  setTrump,
  pending,
}: {
  suits: readonly Suit[];
  trump: Suit | null;
  setTrump: (suit: Suit) => void;
  pending: boolean;
}) {
  const { t, prefs } = useApp();
  return (
    <fieldset class="trump-picker" data-trump-picker>
      <legend class="prompt">{t('trumpPrompt')}</legend>
      {suits.map((suit) => (
        <label key={suit} class={`trump-choice${trump === suit ? ' picked' : ''}`}>
          <input
            type="radio"
            name="trump"
            value={suit}
            data-trump={suit}
            checked={trump === suit}
            disabled={pending}
            onChange={() => setTrump(suit)}
          />
          <SuitIcon suit={suit} pattern={prefs.pattern} /> {suitName(suit, prefs.pattern, prefs.lang)}
        </label>
      ))}
    </fieldset>
  );
}

export function Controls({
  view,
  act,
  pending,
  armed,
  chosen,
  setChosen,
  knock,
  setKnock,
  trump,
  setTrump,
  claim,
}: HandProps & { setKnock: (on: boolean) => void; setTrump: (suit: Suit | null) => void; claim?: ComponentChildren }) {
  const { t, prefs } = useApp();
  const legal = view.legalActions;
  // "Claim the rest" during a seat's play (R7.12, Dock.tsx), after "Play a card": its line is
  // there whoever's turn it is, so that the hand below does not move when a turn comes or a claim is made.
  const claimPlace = claim === undefined ? null : <ClaimPlace view={view} claim={claim} />;
  const sectionClass = `controls${claimPlace === null ? '' : ' claiming'}`;
  useEffect(() => {
    // A new game or phase: an old choice must not carry over.
    setChosen([]);
    setTrump(null);
  }, [view.phase, view.gameNumber, view.redeal]);
  useEffect(() => {
    // The knock goes with one card only: after any move the switch is off again, so a later knock is never sent unasked.
    setKnock(false);
  }, [view.version]);
  if (legal.length === 0) {
    if (!view.awaitingRe && claimPlace === null) return null;
    // The other seats (and spectators) see that the game waits for the declarer.
    return (
      <section class={sectionClass} aria-label={t(`phase_${view.phase}`)}>
        {view.awaitingRe ? (
          <p class="prompt" data-awaiting-re={view.declarer}>
            {withNames(t('kontraSaid'), { name: seatName(view, view.kontra!) })}{' '}
            {withNames(t('waitingForRe'), { name: seatName(view, view.declarer!) })}
          </p>
        ) : null}
        {claimPlace}
      </section>
    );
  }
  const bids = legal.filter((a): a is { type: 'bid'; bid: Level } => a.type === 'bid');
  const declares = legal.filter((a): a is { type: 'declare'; contract: Level } => a.type === 'declare');
  const has = (type: Action['type']) => legal.some((a) => a.type === type);
  const knockAllowed = legal.some((a) => a.type === 'play' && a.knock === true);
  const reOffered = legal.some((a) => a.type === 're' && a.re !== false);
  const noReOffered = legal.some((a) => a.type === 're' && a.re === false);
  const suits = namableSuits(playsOf(view));
  const common = { view, act, pending, armed };
  const discard: Action | null = chosen.length === 2 ? { type: 'discard', cards: [chosen[0]!, chosen[1]!] } : null;
  return (
    <section class={sectionClass} aria-label={t(`phase_${view.phase}`)}>
      <Guidance view={view} />
      {view.phase === 'doubling' ? (
        <>
          <p class="prompt">{t('doublingPrompt')}</p>
          <Group kind="raise">
            <Button {...common} kind="double" action={{ type: 'double', double: true }} label={t('double')} data-action="double" data-double="true" />
          </Group>
          <Group kind="decline">
            <Button
              {...common}
              kind="decline"
              action={{ type: 'double', double: false }}
              label={t('noDouble')}
              data-action="double"
              data-double="false"
            />
          </Group>
        </>
      ) : null}
      {bids.length > 0 || has('hold') ? (
        <Group kind="raise">
          {bids.map((a) => (
            <Button
              {...common}
              key={a.bid}
              kind="bid"
              action={a}
              label={a.bid === '6' ? t('bidPlay') : t('bidLevel', { level: levelName(t, a.bid) })}
              data-action="bid"
              data-bid={a.bid}
            />
          ))}
          {has('hold') && view.bid !== null ? (
            <Button {...common} kind="hold" action={{ type: 'hold' }} label={t('hold', { level: levelName(t, view.bid) })} data-action="hold" />
          ) : null}
        </Group>
      ) : null}
      {has('pass') ? (
        <Group kind="decline">
          <Button {...common} kind="pass" action={{ type: 'pass' }} label={t('pass')} data-action="pass" />
        </Group>
      ) : null}
      {has('discard') ? (
        <>
          <p class="prompt">
            {t('discardPrompt')} {view.stock ? t('stockWas') + view.stock.map((c) => cardName(c, prefs.pattern, prefs.lang)).join(', ') : ''}
          </p>
          <span class="chosen-count" aria-live="polite">
            {t('chosenCount', { n: chosen.length })}
          </span>
          <Button
            {...common}
            kind="send"
            action={discard}
            label={t('discardSend')}
            what={t('discardWhat', { cards: chosen.map((c) => cardName(c, prefs.pattern, prefs.lang)).join(', ') })}
            data-action="discard"
          />
        </>
      ) : null}
      {declares.length > 0 ? <p class="prompt">{t('declarePrompt')}</p> : null}
      {declares.length > 0 ? (
        <Group kind="raise">
          {declares.map((a) => (
            <Button
              {...common}
              key={a.contract}
              kind="declare"
              action={a}
              label={t('declareLevel', { level: levelName(t, a.contract) })}
              data-action="declare"
              data-contract={a.contract}
            />
          ))}
        </Group>
      ) : null}
      {suits.length > 0 ? (
        <TrumpPicker suits={suits} trump={trump} setTrump={setTrump} pending={pending} />
      ) : has('play') ? (
        <p class="prompt play-prompt">{t('playPrompt')}</p>
      ) : null}
      {claimPlace}
      {knockAllowed ? (
        <label class="toggle knock">
          <input type="checkbox" data-knock checked={knock} onChange={(e) => setKnock(e.currentTarget.checked)} />
          {t('knock')}
        </label>
      ) : null}
      {/* Kontra stands apart from the hand, at the far end of the line above it: a click meant for a card never lands on it. */}
      {has('kontra') ? (
        <Group kind="kontra">
          <Button {...common} kind="kontra" action={{ type: 'kontra' }} label={t('kontra')} data-action="kontra" />
        </Group>
      ) : null}
      {has('re') && view.kontra !== null ? (
        <p class="prompt guide-re" data-guide="re">
          {withNames(t('rePrompt'), { name: seatName(view, view.kontra) })}
        </p>
      ) : null}
      {reOffered ? (
        <Group kind="raise">
          <Button {...common} kind="re" action={{ type: 're' }} label={t('re')} data-action="re" data-re="true" />
        </Group>
      ) : null}
      {noReOffered ? (
        <Group kind="decline">
          <Button {...common} kind="decline" action={{ type: 're', re: false }} label={t('noRe')} data-action="re" data-re="false" />
        </Group>
      ) : null}
    </section>
  );
}
