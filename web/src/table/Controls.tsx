/**
 * The own hand and the controls for the actions legal now. Only what `legalActions` lists is
 * offered: the page never decides a rule, the engine on the server does.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Action, Level } from '../../../shared/actions.js';
import type { CardCode } from '../../../shared/cards.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { cardName } from '../cards/index.js';
import { CardButton } from './CardView.js';
import { levelName } from './format.js';

type Act = (action: Action) => void;

interface HandProps {
  readonly view: TableView;
  readonly act: Act;
  readonly pending: boolean;
  readonly chosen: readonly CardCode[];
  readonly setChosen: (cards: CardCode[]) => void;
  readonly knock: boolean;
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

export function Hand({ view, act, pending, chosen, setChosen, knock }: HandProps) {
  const { t } = useApp();
  if (view.hand === null) return null;
  const plays = new Map<string, boolean>();
  for (const action of view.legalActions) {
    if (action.type === 'play') plays.set(action.card, plays.get(action.card) === true || action.knock === true);
  }
  const discarding = view.legalActions.some((a) => a.type === 'discard');
  const fromStock = new Set<string>(view.stock ?? []);
  return (
    <section class={`hand${plays.size > 0 || discarding ? ' acting' : ''}`} data-hand role="group" aria-label={t('yourHand')} onKeyDown={moveFocus}>
      {view.hand.map((code) => {
        const name = cardName(code);
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
        const playable = plays.has(code);
        return (
          <CardButton
            key={code}
            code={code}
            label={playable ? t('playCard', { card: name }) : name}
            class={playable ? 'playable' : ''}
            data-action={playable ? 'play' : undefined}
            disabled={!playable || pending}
            onClick={() => act(knock && plays.get(code) === true ? { type: 'play', card: code, knock: true } : { type: 'play', card: code })}
          />
        );
      })}
    </section>
  );
}

function Button({ onClick, children, pending, ...hooks }: { onClick: () => void; children: string; pending: boolean; [hook: `data-${string}`]: string }) {
  return (
    <button type="button" class="action" disabled={pending} onClick={onClick} {...hooks}>
      {children}
    </button>
  );
}

export function Controls({ view, act, pending, chosen, setChosen, knock, setKnock }: HandProps & { setKnock: (on: boolean) => void }) {
  const { t } = useApp();
  const legal = view.legalActions;
  useEffect(() => {
    // A new game or phase: an old choice must not carry over.
    setChosen([]);
    setKnock(false);
  }, [view.phase, view.gameNumber]);
  if (legal.length === 0) return null;
  const bids = legal.filter((a): a is { type: 'bid'; bid: Level } => a.type === 'bid');
  const declares = legal.filter((a): a is { type: 'declare'; contract: Level } => a.type === 'declare');
  const has = (type: Action['type']) => legal.some((a) => a.type === type);
  const knockAllowed = legal.some((a) => a.type === 'play' && a.knock === true);
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
            {t('discardPrompt')} {view.stock ? t('stockWas') + view.stock.map((c) => cardName(c)).join(', ') : ''}
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
      {has('play') ? <p class="prompt">{t('playPrompt')}</p> : null}
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
      {has('re') ? (
        <Button data-action="re" pending={pending} onClick={() => act({ type: 're' })}>
          {t('re')}
        </Button>
      ) : null}
    </section>
  );
}

/** The choice of two cards to discard, and the knock switch, live with the page. */
export function useChoices() {
  const [chosen, setChosen] = useState<CardCode[]>([]);
  const [knock, setKnock] = useState(false);
  return { chosen, setChosen, knock, setKnock };
}
