/** The current trick laid out by seat, the last trick, and (with trickHistory "all") every trick of the game. */
import type { TrickRecord } from '../../../shared/record.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { CardImage } from './CardView.js';
import { placesOf, seatName } from './format.js';

export function TrickArea({ view }: { view: TableView }) {
  const { t } = useApp();
  const places = placesOf(view.seat);
  const cardOf = (seat: number) => view.trick.find((played) => played.seat === seat);
  return (
    <section class="trick" data-trick aria-label={t('trickArea')}>
      {(['left', 'right', 'bottom'] as const).map((place) => {
        const seat = places[place];
        const played = cardOf(seat);
        return (
          <div class={`trick-slot ${place}`} data-trick-seat={seat} key={place}>
            {played ? <CardImage code={played.card} /> : <span class="card slot" aria-hidden="true" />}
            <span class="trick-seat-name">{seatName(view, seat)}</span>
          </div>
        );
      })}
    </section>
  );
}

function TrickRow({ view, trick }: { view: TableView; trick: TrickRecord }) {
  const { t } = useApp();
  return (
    <div class="trick-row">
      {trick.cards.map((played) => (
        <span class={`played${played.seat === trick.winner ? ' winner' : ''}`} key={played.card}>
          <CardImage code={played.card} class="small" />
          <span class="played-by">
            {seatName(view, played.seat)}
            {played.knock ? ` (${t('knocked')})` : ''}
          </span>
        </span>
      ))}
      <span class="trick-winner">{t('trickWonBy', { name: seatName(view, trick.winner) })}</span>
    </div>
  );
}

export function LastTrick({ view }: { view: TableView }) {
  const { t } = useApp();
  if (view.lastTrick === null) return null;
  return (
    <section class="last-trick" data-last-trick aria-label={t('lastTrick')}>
      <h3>{t('lastTrick')}</h3>
      <TrickRow view={view} trick={view.lastTrick} />
    </section>
  );
}

export function AllTricks({ view }: { view: TableView }) {
  const { t } = useApp();
  if (view.tricks === null || view.tricks.length === 0) return null;
  return (
    <details class="all-tricks" data-tricks>
      <summary>
        {t('allTricks')} ({view.tricks.length})
      </summary>
      <ol>
        {view.tricks.map((trick, i) => (
          <li key={i}>
            <TrickRow view={view} trick={trick} />
          </li>
        ))}
      </ol>
    </details>
  );
}
