/** Who said what in this game: doubles (once revealed), the auction, the announcement, kontra and re. */
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { levelName, seatName } from './format.js';

export function History({ view }: { view: Pick<TableView, 'history'> & { seats: readonly { name: string }[] } }) {
  const { t } = useApp();
  const lines = view.history.flatMap((entry): string[] => {
    const name = seatName(view, entry.seat);
    switch (entry.type) {
      case 'double':
        return entry.double === true ? [t('said_double', { name })] : [];
      case 'bid':
        return [t('said_bid', { name, level: levelName(t, entry.bid) })];
      case 'declare':
        return [t('said_declare', { name, level: levelName(t, entry.contract) })];
      case 'hold':
      case 'pass':
      case 'kontra':
      case 're':
      case 'discard':
        return [t(`said_${entry.type}`, { name })];
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
