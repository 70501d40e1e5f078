/** The analysis of a finished game as the replay page shows it: a mark by each card, and what perfect play would have made. */
import type { CardCode } from '../../../shared/cards.js';
import type { CardCost } from '../../../shared/solver/analysis.js';
import type { Level } from '../../../shared/actions.js';
import { useApp } from '../app-context.js';
import { cardName } from '../cards/index.js';
import { Name } from '../names.js';
import type { AnalysisState } from './useAnalysis.js';

/** By a played card: a check for a perfect card, the tricks lost and the best card(s) for a mistake. */
export function CardCostMark({ cost }: { cost: CardCost | undefined }) {
  const { t, prefs } = useApp();
  if (cost === undefined) return null;
  if (cost.cost === 0) {
    return (
      <span class="card-cost perfect" data-card-cost="0" role="img" aria-label={t('cardPerfect')} title={t('cardPerfect')}>
        ✓
      </span>
    );
  }
  const cards = cost.best.map((code: CardCode) => cardName(code, prefs.pattern, prefs.lang)).join(', ');
  return (
    <span class="card-cost mistake" data-card-cost={cost.cost}>
      {t('cardCost', { n: cost.cost, cards })}
    </span>
  );
}

/**
 * At the top of the replay: while the solver works through the game, that it does (the marks
 * arrive late); and from the first step on what the marks by the cards mean.
 */
export function AnalysisProgress({ analysis }: { analysis: AnalysisState }) {
  const { t } = useApp();
  return (
    <>
      {analysis.status === 'running' ? (
        <p class="analysis muted" role="status" aria-busy="true" data-analysis="running">
          {t('analysing')}
        </p>
      ) : null}
      {analysis.status !== 'none' ? (
        <p class="analysis muted" data-analysis-legend>
          {t('analysisLegend')}
        </p>
      ) : null}
    </>
  );
}

/** In the summary: what the declarer could have made under perfect play, once the whole game is analysed, and the mistakes, each a step of the replay. */
export function AnalysisLine({
  analysis,
  contract,
  names,
  onShow,
}: {
  analysis: AnalysisState;
  contract: Level | null;
  names: readonly string[];
  onShow: (step: number) => void;
}) {
  const { t, prefs } = useApp();
  if (analysis.result === null) return null;
  const mistakes = analysis.result.cards.map((cost, index) => ({ cost, trick: Math.floor(index / 3) + 1 })).filter(({ cost }) => cost.cost > 0);
  return (
    <div class="analysis">
      <p data-analysis="done" data-perfect-tricks={analysis.result.perfectTricks}>
        <strong>{t('analysisPerfect', { n: analysis.result.perfectTricks })}</strong> {t('analysisHow')}
        {contract === 'bettel' ? ` ${t('analysisBettel')}` : ''}
      </p>
      {mistakes.length === 0 ? (
        <p>{t('analysisNoMistakes')}</p>
      ) : (
        <>
          <p>{t('analysisMistakes')}</p>
          <ul class="analysis-mistakes">
            {mistakes.map(({ cost, trick }) => (
              <li key={cost.card}>
                <button type="button" class="link" data-show-step={cost.actionIndex + 1} onClick={() => onShow(cost.actionIndex + 1)}>
                  {t('logTrick', { n: trick })} · <Name name={names[cost.seat] ?? `#${cost.seat + 1}`} />:{' '}
                  {cardName(cost.card, prefs.pattern, prefs.lang)}
                </button>{' '}
                <CardCostMark cost={cost} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
