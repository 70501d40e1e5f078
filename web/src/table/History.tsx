/**
 * Who said what in this game: doubles, the auction, the announcement, kontra and re. While
 * the doubling window is open (R3.1) a seat sees its own choice and only that the others
 * have decided; once it closes, who doubled.
 */
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { withNames, type Named } from '../names.js';
import { levelName, seatName } from './format.js';

interface HistoryProps {
  readonly view: Pick<TableView, 'history'> & { seats: readonly { name: string }[] };
  /** The seat reading it (null: a spectator or a replay). */
  readonly viewer?: number | null;
  /** Whether the doubling window is still open. */
  readonly doublingOpen?: boolean;
}

export function History({ view, viewer = null, doublingOpen = false }: HistoryProps) {
  const { t } = useApp();
  const lines = view.history.flatMap((entry): Named[] => {
    const name = { name: seatName(view, entry.seat) };
    switch (entry.type) {
      case 'double':
        if (doublingOpen) {
          if (entry.seat === viewer && entry.double !== null) return [[t(entry.double ? 'said_youDoubled' : 'said_youDidNotDouble')]];
          return [withNames(t('said_decided'), name)];
        }
        return entry.double === true ? [withNames(t('said_double'), name)] : [];
      case 'bid':
        return [withNames(t('said_bid', { level: levelName(t, entry.bid) }), name)];
      case 'declare':
        return [withNames(t('said_declare', { level: levelName(t, entry.contract) }), name)];
      case 're':
        return [withNames(t(entry.re ? 'said_re' : 'said_noRe'), name)];
      case 'hold':
      case 'pass':
      case 'kontra':
      case 'discard':
        return [withNames(t(`said_${entry.type}`), name)];
    }
  });
  if (lines.length === 0) return null;
  return (
    <section class="history" aria-label={t('auctionLog')}>
      <h3>{t('auctionLog')}</h3>
      <ol>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
