/**
 * Short explanations at the controls, each at the moment it matters: what the bids mean while
 * bidding, what happens when everybody passes, that the declarer's first card fixes trump
 * (R7.2), what kontra does (R8.3). They say what the view and the table's options make true,
 * nothing more: every rule behind them is the engine's (the view's fields, shared/).
 */
import { highestNumber } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import type { Translate } from '../i18n.js';

/** The view fields the guides are made of. */
export type GuideView = Pick<TableView, 'legalActions' | 'phase' | 'options' | 'redealsLeft' | 'forcedGame' | 'nextCardFixesTrump'>;

/** What everybody passing would lead to now (R5.1, R5.2, R5.4, as the view's `redealsLeft` says), as a text key and its count. */
function allPassGuide(view: GuideView): { key: 'guideAllPassForced' | 'guideAllPassPot' | 'guideLastRedeal'; n?: number } {
  if (view.redealsLeft > 0) return { key: 'guideAllPassPot', n: view.options.potStake };
  return { key: view.options.allPass === 'pot' ? 'guideLastRedeal' : 'guideAllPassForced' };
}

/** The guides that matter now, each with its hook id and text (the embed folds them behind a "?" when there are any). */
export function guidesOf(view: GuideView, t: Translate): { id: string; text: string }[] {
  const legal = view.legalActions;
  const has = (type: string) => legal.some((a) => a.type === type);
  const guides: { id: string; text: string }[] = [];
  if (has('bid') || has('hold') || (view.phase === 'auction' && has('pass'))) {
    guides.push({ id: 'bids', text: t('guideBids', { max: highestNumber(view.options.tenTrickBid) }) });
    const allPass = allPassGuide(view);
    guides.push({ id: 'all-pass', text: t(allPass.key, allPass.n === undefined ? undefined : { n: allPass.n }) });
  }
  if ((has('discard') || has('declare')) && view.forcedGame) guides.push({ id: 'forced', text: t('guideForcedGame') });
  if (view.nextCardFixesTrump && has('play')) {
    guides.push(view.options.trump === 'named' ? { id: 'trump-named', text: t('guideTrumpNamed') } : { id: 'trump-led', text: t('guideTrumpLed') });
  }
  if (has('kontra')) guides.push({ id: 'kontra', text: t('guideKontra') });
  return guides;
}

export function Guidance({ view }: { view: TableView }) {
  const { t } = useApp();
  const guides = guidesOf(view, t);
  if (guides.length === 0) return null;
  return (
    <div class="guides">
      {guides.map((g) => (
        <p key={g.id} class="guide" data-guide={g.id}>
          <span class="guide-mark" aria-hidden="true">
            i
          </span>
          {g.text}
        </p>
      ))}
    </div>
  );
}
