/**
 * The embeddable table (`/embed/{tableId}#<spectator token>`, API.md "Embedding"): what a
 * spectator sees, compact enough for a 320×480 frame on another site, and nothing to act
 * with: no controls, no hand, no notifications form. Any site may frame this page (see
 * web/public/_headers), so it refuses a seat's link: shown here, that seat's cards would be
 * on another site, and its secret in that site's HTML.
 */
import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../app-context.js';
import { translator } from '../i18n.js';
import { tokenFromLocation } from '../router.js';
import { GameFacts, turnText } from '../table/GameFacts.js';
import { SeatPanel } from '../table/SeatPanel.js';
import { BadLink, TableLoading } from '../table/TableStatus.js';
import { LastTrick, TrickArea } from '../table/Tricks.js';
import { SEAT_LINK, useTable } from '../table/useTable.js';
import './embed.css';

/** The refusal in the reader's language, then in the other one: whoever pasted the link may read either. */
function SeatLinkRefused() {
  const { prefs } = useApp();
  const other = prefs.lang === 'de' ? 'en' : 'de';
  return (
    <div class="embed-refused" role="alert" data-error="seat_link">
      <p>{translator(prefs.lang)('embedSeatLink')}</p>
      <p lang={other}>{translator(other)('embedSeatLink')}</p>
    </div>
  );
}

export function EmbedPage({ tableId }: { tableId: string }) {
  const { t } = useApp();
  const [token] = useState(tokenFromLocation);
  const table = useTable(tableId, token, { spectatorOnly: true, games: false });
  const { view } = table;

  useEffect(() => {
    if (view) document.title = `${view.name} · ${t('appName')}`;
  }, [view?.name, t]);

  if (table.fatal !== null) {
    if (table.fatal.code === SEAT_LINK) return <SeatLinkRefused />;
    return <BadLink error={table.fatal} />;
  }
  if (view === null) return <TableLoading table={table} className="embed" />;

  const connectionText = { live: t('connectionLive'), connecting: t('connectionConnecting'), offline: t('connectionOffline') }[table.connection];
  return (
    <div
      class={`table embed phase-${view.phase}`}
      data-table
      data-embed
      data-phase={view.phase}
      data-version={view.version}
      data-seat="spectator"
      data-turn={view.turn ?? ''}
      data-game-number={view.gameNumber}
      data-connection={table.connection}
    >
      <div class="embed-head">
        <h1 class="table-name">{view.name}</h1>
        <p class={`connection ${table.connection}`} role="status">
          <span class="dot" aria-hidden="true" /> {connectionText}
        </p>
        {/* The full spectator page, in a new tab: a frame is no place to navigate in. */}
        <a href={`/t/${encodeURIComponent(tableId)}#${encodeURIComponent(token)}`} target="_blank" rel="noopener">
          {t('embedOpen')}
        </a>
      </div>
      <p class="turn" aria-live="polite">
        {turnText(view, t)}
      </p>
      <GameFacts view={view} />
      <div class="embed-seats">
        {view.seats.map((_, seat) => (
          <SeatPanel key={seat} view={view} seat={seat} showBacks={false} />
        ))}
      </div>
      <TrickArea view={view} />
      <LastTrick view={view} />
    </div>
  );
}
