/**
 * The analysis of a finished game (shared/solver/analysis.ts) for the replay page, worked out
 * one card per task after the page is painted, so that the page answers clicks and keys while
 * the solver runs. Only the replay page imports it: the solver stays out of the table page's code.
 */
import { useEffect, useState } from 'preact/hooks';
import { analyseSteps, type CardCost, type GameAnalysis } from '../../../shared/solver/analysis.js';
import type { PublishedGame } from '../api.js';

export interface AnalysisState {
  /** "running" until every card is analysed; "none" for a game without play, or if the record could not be analysed. */
  readonly status: 'running' | 'done' | 'none';
  /** Each analysed card by its code (a card is played once in a game). */
  readonly costs: ReadonlyMap<string, CardCost>;
  readonly result: GameAnalysis | null;
}

const NONE: AnalysisState = { status: 'none', costs: new Map(), result: null };

export function useAnalysis(game: PublishedGame | null): AnalysisState {
  const [state, setState] = useState<AnalysisState>(NONE);
  useEffect(() => {
    // Published records are of finished games only (R10.3); a redeal has no play to analyse.
    if (game === null || game.result?.kind !== 'contract') {
      setState(NONE);
      return;
    }
    const steps = analyseSteps(game);
    const costs = new Map<string, CardCost>();
    setState({ status: 'running', costs, result: null });
    let timer: ReturnType<typeof setTimeout>;
    const work = () => {
      try {
        const step = steps.next();
        if (step.done === true) {
          setState(step.value === null ? NONE : { status: 'done', costs, result: step.value });
          return;
        }
        costs.set(step.value.card, step.value);
        setState({ status: 'running', costs: new Map(costs), result: null });
      } catch (error) {
        console.warn('analysis failed', error);
        setState(NONE);
        return;
      }
      timer = setTimeout(work, 0);
    };
    timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }, [game]);
  return state;
}
