/** The completed tricks beside the table: the last one the view shows (R7.10) and, with trickHistory "all", every trick of the game. Loaded after the first cards (table/later-parts.ts). */
import type { TrickRecord } from '../../../shared/record.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { Name, withNames } from '../names.js';
import { CardImage } from './CardView.js';
import { seatName } from './format.js';
import { shownTrick } from './Tricks.js';

function TrickRow({ view, trick }: { view: TableView; trick: TrickRecord }) {
  const { t } = useApp();
  return (
    <div class="trick-row">
      {trick.cards.map((played) => (
        <span class={`played${played.seat === trick.winner ? ' winner' : ''}`} key={played.card}>
          <CardImage code={played.card} class="small" />
          <span class="played-by">
            <Name name={seatName(view, played.seat)} />
            {played.knock ? ` (${t('knocked')})` : ''}
          </span>
        </span>
      ))}
      <span class="trick-winner">{withNames(t('trickWonBy'), { name: seatName(view, trick.winner) })}</span>
    </div>
  );
}

export function LastTrick({ view }: { view: TableView }) {
  const { t } = useApp();
  const shown = shownTrick(view);
  if (shown === null) return null;
  const spectator = view.seat === null;
  const title = shown === 'latest' ? t('lastTrick') : spectator ? t('lastTrickDeclarer') : t('lastTrickOtherSide');
  return (
    <section class="last-trick" data-last-trick={shown} aria-label={title}>
      <h3>{title}</h3>
      {view.lastTrick !== null ? (
        <TrickRow view={view} trick={view.lastTrick} />
      ) : (
        <p class="muted">{spectator ? t('noTrickDeclarer') : t('noTrickOtherSide')}</p>
      )}
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
