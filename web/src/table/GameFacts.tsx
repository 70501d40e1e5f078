/** What a table shows of the game at a glance: whose turn it is, and the facts of the game (contract, trump, multiplier, pot, deadline). */
import { hasTrumpSuit, isMoveOwed, levelOf } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { suitName, SuitIcon } from '../cards/index.js';
import type { Translate } from '../i18n.js';
import { Name, withNames, type Named } from '../names.js';
import { formatTime, levelName, seatName } from './format.js';

export function turnText(view: TableView, t: Translate): Named {
  if (view.seriesOver) return [t('seriesOver')];
  if (view.phase === 'doubling') {
    const waiting = view.seats.map((s, seat) => ({ s, seat })).filter(({ s }) => !s.decided);
    if (view.seat !== null && waiting.some(({ seat }) => seat === view.seat)) return [t('yourTurn')];
    return withNames(t('waitingFor'), { names: waiting.map(({ s }) => s.name) });
  }
  if (view.turn === null) return [];
  // R8.2: after a kontra the game waits for the declarer's re or no re.
  if (view.awaitingRe && view.turn !== view.seat) return withNames(t('waitingForRe'), { name: seatName(view, view.turn) });
  return view.turn === view.seat ? [t('yourTurn')] : withNames(t('turnOf'), { name: seatName(view, view.turn) });
}

export function GameFacts({ view }: { view: TableView }) {
  const { t, prefs } = useApp();
  return (
    <dl class="facts">
      <div>
        <dt>{t('gameOf', { n: view.gameNumber, m: view.games })}</dt>
        <dd>
          {t(`phase_${view.phase}`)}
          {view.redeal > 0 ? <span data-redeal={view.redeal}> · {t('redealN', { n: view.redeal })}</span> : null}
        </dd>
      </div>
      {view.contract !== null && view.declarer !== null ? (
        <div>
          <dt>{t('contract')}</dt>
          <dd>
            {levelName(t, view.contract)} (<Name name={seatName(view, view.declarer)} />)
          </dd>
        </div>
      ) : view.bid !== null ? (
        <div>
          <dt>{t('bidStanding')}</dt>
          <dd>{levelName(t, view.bid)}</dd>
        </div>
      ) : null}
      {view.phase === 'play' || view.trump !== null ? (
        <div>
          <dt>{t('trump')}</dt>
          <dd data-trump={view.trump ?? ''}>
            {view.trump !== null ? <SuitIcon suit={view.trump} pattern={prefs.pattern} /> : null}{' '}
            {view.trump !== null
              ? suitName(view.trump, prefs.pattern, prefs.lang)
              : view.contract !== null && !hasTrumpSuit(levelOf(view.contract))
                ? t('noTrump')
                : '–'}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('multiplier')}</dt>
        {/* R3.1: while the doubling window is open nobody may learn the others' doubles, so the multiplier is not known yet. */}
        {view.phase === 'doubling' ? <dd data-multiplier="unknown">{t('multiplierUnknown')}</dd> : <dd data-multiplier>×{view.multiplier}</dd>}
      </div>
      {view.pot !== 0 ? (
        <div>
          <dt>{t('pot')}</dt>
          <dd data-pot>{view.pot}</dd>
        </div>
      ) : null}
      {view.deadline !== null ? (
        <div class="deadline-fact">
          <dt>{t('deadline')}</dt>
          <dd>{formatTime(view.deadline, prefs.lang)}</dd>
          {/* The seat that owes the move is told what happens then (onTimeout "bot"), on a line of its own. */}
          {view.onTimeout === 'bot' && view.legalActions.some(isMoveOwed) ? (
            <dd class="note" data-timeout-bot>
              {t('deadlineBotMoves')}
            </dd>
          ) : null}
        </div>
      ) : null}
      {typeof view.moveDeadlineHours === 'number' && !view.seriesOver ? (
        <div class="phrase" data-reminder-hours={view.moveDeadlineHours}>
          <dt>{t('reminderAfter')}</dt>
          <dd>{t('reminderHours', { n: view.moveDeadlineHours })}</dd>
        </div>
      ) : null}
    </dl>
  );
}
