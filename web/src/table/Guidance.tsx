/**
 * Short explanations at the controls, each at the moment it matters: what the bids mean while
 * bidding, what happens when everybody passes, that the declarer's first card fixes trump
 * (R7.2), what kontra does (R8.3). They say what the table's options make true, nothing more.
 */
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import type { Translate } from '../i18n.js';

const NUMBERED = new Set(['6', '7', '8', '9', '10']);

/** R5.1, R5.4: the game now played came from everybody passing (no bid was made in its auction). */
export const isForcedGame = (view: TableView): boolean =>
  view.declarer !== null && view.history.some((a) => a.type === 'pass') && !view.history.some((a) => a.type === 'bid');

/** What everybody passing would lead to now, as a text key and its count. */
function allPassGuide(view: TableView): { key: 'guideAllPassForced' | 'guideAllPassPot' | 'guideLastRedeal'; n?: number } {
  if (view.options.allPass === 'forced') return { key: 'guideAllPassForced' };
  if (view.redeal >= view.options.maxRedeals) return { key: 'guideLastRedeal' };
  return { key: 'guideAllPassPot', n: view.options.potStake };
}

/** The guides that matter now, each with its hook id and text (the embed folds them behind a "?" when there are any). */
export function guidesOf(view: TableView, t: Translate): { id: string; text: string }[] {
  const legal = view.legalActions;
  const has = (type: string) => legal.some((a) => a.type === type);
  const guides: { id: string; text: string }[] = [];
  if (has('bid') || has('hold') || (view.phase === 'auction' && has('pass'))) {
    guides.push({ id: 'bids', text: t('guideBids', { max: view.options.tenTrickBid ? 10 : 9 }) });
    const allPass = allPassGuide(view);
    guides.push({ id: 'all-pass', text: t(allPass.key, allPass.n === undefined ? undefined : { n: allPass.n }) });
  }
  if ((has('discard') || has('declare')) && isForcedGame(view)) guides.push({ id: 'forced', text: t('guideForcedGame') });
  const firstCard = view.seat === view.declarer && view.trump === null && view.trick.length === 0 && has('play');
  if (firstCard && view.contract !== null && NUMBERED.has(view.contract)) {
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
