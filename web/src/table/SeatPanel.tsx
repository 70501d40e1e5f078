/** One seat around the table: name, cards held (as backs, or counted), tricks, balance, and its role in this game. */
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { Name } from '../names.js';
import { CardImage, HiddenCards } from './CardView.js';
import { formatTime } from './format.js';
import { vacationShown } from './vacation-shown.js';

export function SeatPanel({ view, seat, showBacks }: { view: TableView; seat: number; showBacks: boolean }) {
  const { t, prefs } = useApp();
  const info = view.seats[seat]!;
  const vacation = vacationShown(view, seat);
  const onTurn = view.turn === seat || (view.phase === 'doubling' && !info.decided);
  const doubled = view.doubles.includes(seat as 0 | 1 | 2);
  const knocks = view.knocks.filter((k) => k.seat === seat).length;
  return (
    <section class={`seat-panel${onTurn ? ' on-turn' : ''}${view.seat === seat ? ' own' : ''}`} data-seat-panel={seat} aria-label={info.name}>
      <header>
        <strong class="seat-name">
          <Name name={info.name} />
        </strong>
        {view.seat === seat ? <span class="badge">{t('you')}</span> : null}
        {info.bot ? (
          <span class="badge" data-bot={info.botLevel ?? 'strong'}>
            {t(info.botLevel === 'easy' ? 'botEasy' : 'botStrong')}
          </span>
        ) : null}
        {vacation !== null ? (
          <span class="badge vacation" data-vacation={seat}>
            {t('onVacationUntil', { time: formatTime(vacation, prefs.lang) })}
          </span>
        ) : null}
        {view.dealer === seat ? <span class="badge">{t('dealer')}</span> : null}
        {view.declarer === seat ? <span class="badge declarer">{t('declarer')}</span> : null}
        {view.kontra === seat ? <span class="badge">{t('kontra')}</span> : null}
        {view.re && view.declarer === seat ? <span class="badge">{t('re')}</span> : null}
        {doubled ? <span class="badge">{t('doubled')}</span> : null}
        {knocks > 0 ? (
          <span class="badge">
            {t('knocked')}
            {knocks > 1 ? ` ×${knocks}` : ''}
          </span>
        ) : null}
      </header>
      <div class="seat-body">
        {showBacks && info.cards > 0 ? <HiddenCards count={info.cards} label={t('hiddenCards', { n: info.cards })} /> : null}
        {/* R10.2: the declarer alone sees its own two discards, from the pickup on; the view holds them for it only. */}
        {view.seat === seat && view.discards !== null ? (
          <p class="own-discards" data-discards>
            <span>{t('yourDiscards')}</span>
            {view.discards.map((code) => (
              <CardImage key={code} code={code} class="small" />
            ))}
          </p>
        ) : null}
        <p class="seat-facts">
          <span>{t('cardsHeld', { n: info.cards })}</span>
          {view.phase === 'play' || view.phase === 'finished' ? <span>{t('tricksTaken', { n: info.tricks })}</span> : null}
          {view.phase === 'doubling' ? <span>{info.decided ? t('decided') : t('undecided')}</span> : null}
          <span>
            {t('balance')}: <b data-balance>{info.balance}</b>
          </span>
        </p>
      </div>
    </section>
  );
}
