/**
 * Replay of a finished game, card by card, from its published record (R10.3: every hand is
 * shown once the game is over). Only bookkeeping happens here: who held which card after
 * each step; the tricks' winners and the settlement come from the record.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, fetchView, type PublishedGame } from '../api.js';
import { fetchGames } from './games-read.js';
import { useApp } from '../app-context.js';
import { AppLink } from '../AppLink.js';
import { Name, withNames } from '../names.js';
import { tokenFromLocation } from '../router.js';
import { CardImage, CardRow } from './CardView.js';
import { snapshotAt } from './replay-steps.js';
import { History } from './History.js';
import { GameSummary, sortedCodes } from './Summary.js';
import { useAnalysis } from './useAnalysis.js';
import { AnalysisLine, AnalysisProgress, CardCostMark } from './AnalysisView.js';

export default function ReplayPage({ tableId, dealIndex }: { tableId: string; dealIndex: number }) {
  const { t } = useApp();
  const [token] = useState(tokenFromLocation);
  const [game, setGame] = useState<PublishedGame | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);

  useEffect(() => {
    // The one game asked for, however old: …/games pages from the newest back.
    Promise.all([fetchGames(tableId, token, { before: dealIndex + 1, limit: 1 }), fetchView(tableId, token)]).then(
      ([answer, view]) => {
        const found = answer.games.find((g) => g.dealIndex === dealIndex);
        if (!found) setError(t('notFound'));
        setGame(found ?? null);
        setNames(view.seats.map((s) => s.name));
      },
      (err: unknown) => setError(err instanceof ApiError && err.code === 'network' ? t('errorNetwork') : t('errorBadLink')),
    );
  }, [tableId, token, dealIndex]);

  const snapshot = useMemo(() => (game ? snapshotAt(game, step) : null), [game, step]);
  const analysis = useAnalysis(game);
  const total = game?.actions.length ?? 0;
  const go = (to: number) => setStep(Math.max(0, Math.min(total, to)));
  const tablePath = `/t/${tableId}${location.hash}`;
  const trickRef = useRef<HTMLElement>(null);
  // A mistake shown from the summary: the summary goes away with the last step, so the trick is brought into view.
  const show = (to: number) => {
    go(to);
    requestAnimationFrame(() => trickRef.current?.scrollIntoView({ block: 'center' }));
  };

  if (error !== null) {
    return (
      <p class="error" role="alert" data-error>
        {error}
      </p>
    );
  }
  if (game === null || snapshot === null) return <p aria-busy="true">{t('loading')}</p>;
  return (
    <div
      class="replay"
      data-replay-step={step}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(step + 1);
        else if (e.key === 'ArrowLeft') go(step - 1);
      }}
    >
      <h1>{t('replayTitle', { n: game.gameNumber })}</h1>
      <p>
        <AppLink href={tablePath}>{t('backToTable')}</AppLink>
      </p>
      <div class="replay-controls" role="group" aria-label={t('replay')}>
        <button type="button" data-step="start" onClick={() => go(0)} disabled={step === 0}>
          ◀◀ {t('replayStart')}
        </button>
        <button type="button" data-step="prev" onClick={() => go(step - 1)} disabled={step === 0}>
          ◀ {t('replayBack')}
        </button>
        <span aria-live="polite">{t('replayStep', { i: step, n: total })}</span>
        <button type="button" data-step="next" onClick={() => go(step + 1)} disabled={step === total}>
          {t('replayNext')} ▶
        </button>
        <button type="button" data-step="end" onClick={() => go(total)} disabled={step === total}>
          {t('replayEnd')} ▶▶
        </button>
      </div>
      <AnalysisProgress analysis={analysis} />
      {/* A hand played out is no row of its own (the last step would show three names without cards). */}
      {snapshot.hands.some((hand) => hand.length > 0) || snapshot.stock.length > 0 ? (
        <ul class="replay-hands">
          {snapshot.hands.map((hand, seat) =>
            hand.length === 0 ? null : (
              <CardRow
                key={seat}
                owner={<Name name={names[seat] ?? ''} />}
                codes={sortedCodes(hand, game.trump)}
                class={game.actions[step]?.seat === seat ? 'on-turn' : ''}
              />
            ),
          )}
          {snapshot.stock.length > 0 ? <CardRow owner={t('stock')} codes={snapshot.stock} /> : null}
        </ul>
      ) : null}
      <section class="replay-trick" aria-label={t('trickArea')} ref={trickRef}>
        {snapshot.trick.map((played) => (
          <span key={played.card} class={`played${snapshot.winner === played.seat ? ' winner' : ''}`}>
            <CardImage code={played.card} />
            <span class="played-by">
              <Name name={names[played.seat] ?? ''} />
              {played.knock ? ` (${t('knocked')})` : ''}
            </span>
            <CardCostMark cost={analysis.costs.get(played.card)} />
          </span>
        ))}
        {snapshot.winner !== null ? <p>{withNames(t('trickWonBy'), { name: names[snapshot.winner] ?? '' })}</p> : null}
      </section>
      <History view={{ seats: names.map((name) => ({ name })), history: snapshot.said }} />
      {step === total ? (
        <GameSummary game={game} names={names} nextStarted={false}>
          <AnalysisLine analysis={analysis} contract={game.contract} names={names} onShow={show} />
        </GameSummary>
      ) : null}
      {game.seed !== null ? <p class="muted seed">{t('seedCheck', { seed: game.seed, commitment: game.commitment ?? '' })}</p> : null}
    </div>
  );
}
