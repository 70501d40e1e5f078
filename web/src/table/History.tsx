/**
 * Who said what in a finished game (the replay), each part under its heading: the doubles,
 * the auction, the discard and the contract, kontra and re. The words are the move log's
 * (move-log-lines.ts); every double is public once the game is over (R10.3).
 */
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import type { TextKey } from '../i18n.js';
import type { Named } from '../names.js';
import { saidText } from './move-log-lines.js';

/** The parts of a game's talk, each under its own heading: kontra and re are not bids, and a claim (R7.12) ends the play. */
type Part = 'doubling' | 'auction' | 'contract' | 'kontra' | 'claim';

const PART_OF: Record<TableView['history'][number]['type'], Part> = {
  double: 'doubling',
  bid: 'auction',
  hold: 'auction',
  pass: 'auction',
  discard: 'contract',
  declare: 'contract',
  kontra: 'kontra',
  re: 'kontra',
  claim: 'claim',
};

const TITLE: Record<Part, TextKey> = {
  doubling: 'phase_doubling',
  auction: 'auctionLog',
  contract: 'historyContract',
  kontra: 'historyKontra',
  claim: 'historyClaim',
};

export function History({ view }: { view: Pick<TableView, 'history'> & { seats: readonly { name: string }[] } }) {
  const { t } = useApp();
  const parts = new Map<Part, Named[]>();
  for (const entry of view.history) {
    const part = PART_OF[entry.type];
    parts.set(part, [...(parts.get(part) ?? []), saidText(t, { seats: view.seats, seat: null, phase: 'finished' }, entry)]);
  }
  if (parts.size === 0) return null;
  return (
    <section class="history" aria-label={t('historyTitle')}>
      {[...parts].map(([part, lines]) => (
        <div key={part} data-history-part={part}>
          <h3>{t(TITLE[part])}</h3>
          <ol>
            {lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
