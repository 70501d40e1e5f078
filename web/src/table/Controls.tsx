/**
 * The own hand and the controls for the actions legal now. Only what `legalActions` lists is
 * offered: the page never decides a rule, the engine on the server does.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Action, Level } from '../../../shared/actions.js';
import { SUITS, type CardCode, type Suit } from '../../../shared/cards.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { cardName, suitName, SuitIcon } from '../cards/index.js';
import { CardButton } from './CardView.js';
import { levelName, seatName } from './format.js';

type Act = (action: Action) => void;

interface HandProps {
  readonly view: TableView;
  readonly act: Act;
  readonly pending: boolean;
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

/** The suits `legalActions` lets the seat name as trump with its card (empty unless it names trump now). */
function namableSuits(plays: Map<CardCode, CardPlays>): Suit[] {
  const suits = new Set<Suit>();
  for (const entry of plays.values()) for (const suit of entry.trumps) suits.add(suit);
  return SUITS.filter((suit) => suits.has(suit));
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

export function Hand({ view, act, pending, chosen, setChosen, knock, trump }: HandProps) {
  const { t, prefs } = useApp();
  if (view.hand === null) return null;
  const plays = playsOf(view);
  const discarding = view.legalActions.some((a) => a.type === 'discard');
  const fromStock = new Set<string>(view.stock ?? []);
  return (
    <section class={`hand${plays.size > 0 || discarding ? ' acting' : ''}`} data-hand role="group" aria-label={t('yourHand')} onKeyDown={moveFocus}>
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
        return (
          <CardButton
            key={code}
            code={code}
            label={offered ? t('playCard', { card: name }) : name}
            class={play !== null ? 'playable' : ''}
            data-action={offered ? 'play' : undefined}
            disabled={play === null || pending}
            onClick={() => play !== null && act(play)}
          />
        );
      })}
    </section>
  );
}

function Button({
  onClick,
  children,
  pending,
  ...hooks
}: {
  onClick: () => void;
  children: string;
  pending: boolean;
  [hook: `data-${string}`]: string;
}) {
  return (
    <button type="button" class="action" disabled={pending} onClick={onClick} {...hooks}>
      {children}
    </button>
  );
}

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
  chosen,
  setChosen,
  knock,
  setKnock,
  trump,
  setTrump,
}: HandProps & { setKnock: (on: boolean) => void; setTrump: (suit: Suit | null) => void }) {
  const { t, prefs } = useApp();
  const legal = view.legalActions;
  useEffect(() => {
    // A new game or phase: an old choice must not carry over.
    setChosen([]);
    setKnock(false);
    setTrump(null);
  }, [view.phase, view.gameNumber, view.redeal]);
  if (legal.length === 0) {
    if (!view.awaitingRe) return null;
    // The other seats (and spectators) see that the game waits for the declarer.
    return (
      <section class="controls" aria-label={t(`phase_${view.phase}`)}>
        <p class="prompt" data-awaiting-re={view.declarer}>
          {t('kontraSaid', { name: seatName(view, view.kontra!) })} {t('waitingForRe', { name: seatName(view, view.declarer!) })}
        </p>
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
  return (
    <section class="controls" aria-label={t(`phase_${view.phase}`)}>
      {view.phase === 'doubling' ? (
        <>
          <p class="prompt">{t('doublingPrompt')}</p>
          <Button data-action="double" data-double="true" pending={pending} onClick={() => act({ type: 'double', double: true })}>
            {t('double')}
          </Button>
          <Button data-action="double" data-double="false" pending={pending} onClick={() => act({ type: 'double', double: false })}>
            {t('noDouble')}
          </Button>
        </>
      ) : null}
      {bids.map((a) => (
        <Button key={a.bid} data-action="bid" data-bid={a.bid} pending={pending} onClick={() => act(a)}>
          {a.bid === '6' ? t('bidPlay') : t('bidLevel', { level: levelName(t, a.bid) })}
        </Button>
      ))}
      {has('hold') ? (
        <Button data-action="hold" pending={pending} onClick={() => act({ type: 'hold' })}>
          {t('hold')}
        </Button>
      ) : null}
      {has('pass') ? (
        <Button data-action="pass" pending={pending} onClick={() => act({ type: 'pass' })}>
          {t('pass')}
        </Button>
      ) : null}
      {has('discard') ? (
        <>
          <p class="prompt">
            {t('discardPrompt')} {view.stock ? t('stockWas') + view.stock.map((c) => cardName(c, prefs.pattern, prefs.lang)).join(', ') : ''}
          </p>
          <span class="chosen-count" aria-live="polite">
            {t('chosenCount', { n: chosen.length })}
          </span>
          <button
            type="button"
            class="action"
            data-action="discard"
            disabled={pending || chosen.length !== 2}
            onClick={() => chosen.length === 2 && act({ type: 'discard', cards: [chosen[0]!, chosen[1]!] })}
          >
            {t('discardSend')}
          </button>
        </>
      ) : null}
      {declares.length > 0 ? <p class="prompt">{t('declarePrompt')}</p> : null}
      {declares.map((a) => (
        <Button key={a.contract} data-action="declare" data-contract={a.contract} pending={pending} onClick={() => act(a)}>
          {t('declareLevel', { level: levelName(t, a.contract) })}
        </Button>
      ))}
      {suits.length > 0 ? (
        <TrumpPicker suits={suits} trump={trump} setTrump={setTrump} pending={pending} />
      ) : has('play') ? (
        <p class="prompt">{t('playPrompt')}</p>
      ) : null}
      {knockAllowed ? (
        <label class="toggle knock">
          <input type="checkbox" data-knock checked={knock} onChange={(e) => setKnock(e.currentTarget.checked)} />
          {t('knock')}
        </label>
      ) : null}
      {has('kontra') ? (
        <Button data-action="kontra" pending={pending} onClick={() => act({ type: 'kontra' })}>
          {t('kontra')}
        </Button>
      ) : null}
      {has('re') && view.kontra !== null ? <p class="prompt">{t('rePrompt', { name: seatName(view, view.kontra) })}</p> : null}
      {reOffered ? (
        <Button data-action="re" data-re="true" pending={pending} onClick={() => act({ type: 're' })}>
          {t('re')}
        </Button>
      ) : null}
      {noReOffered ? (
        <Button data-action="re" data-re="false" pending={pending} onClick={() => act({ type: 're', re: false })}>
          {t('noRe')}
        </Button>
      ) : null}
    </section>
  );
}

/** The choice of two cards to discard, the knock switch and the trump to name, live with the page. */
export function useChoices() {
  const [chosen, setChosen] = useState<CardCode[]>([]);
  const [knock, setKnock] = useState(false);
  const [trump, setTrump] = useState<Suit | null>(null);
  return { chosen, setChosen, knock, setKnock, trump, setTrump };
}
