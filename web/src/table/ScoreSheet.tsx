/**
 * The series on paper: one row per finished deal (declarer, contract, tricks, what each seat
 * and the pot got, the running balances), and once the series is over the final standings,
 * the pot paid back included (R5.3).
 */
import type { PublishedGame, TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { AppLink } from '../AppLink.js';
import { Name } from '../names.js';
import { levelName, seatName } from './format.js';
import { isForcedGame } from './GameEnd.js';
import { replayPath } from './Summary.js';

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

interface Row {
  readonly game: PublishedGame;
  /** Each seat's balance and the pot after this deal. */
  readonly balances: readonly number[];
  readonly pot: number;
}

function rowsOf(games: readonly PublishedGame[]): Row[] {
  let balances = [0, 0, 0];
  let pot = 0;
  return games.map((game) => {
    const payments = game.settlement?.payments ?? [0, 0, 0];
    balances = balances.map((b, seat) => b + payments[seat]!);
    pot += game.settlement?.pot ?? 0;
    return { game, balances, pot };
  });
}

export function ScoreSheet({ view, games, tableId }: { view: TableView; games: readonly PublishedGame[]; tableId: string }) {
  const { t } = useApp();
  const rows = rowsOf(games);
  const ranked = view.seats.map((s, seat) => ({ seat, name: s.name, balance: s.balance })).sort((a, b) => b.balance - a.balance);
  return (
    <>
      {view.seriesOver ? (
        <section class="series-over standings" data-series-over id="final-standings" tabIndex={-1} aria-labelledby="standings-title">
          <h2 id="standings-title">
            {t('seriesOver')}: {t('standingsTitle')}
          </h2>
          <ol>
            {ranked.map(({ seat, name, balance }) => (
              <li key={seat} data-standing={seat}>
                <Name name={name} />: <b data-standing-balance={seat}>{signed(balance)}</b>
              </li>
            ))}
          </ol>
          {view.potPaidBack > 0 ? <p data-pot-paid-back={view.potPaidBack}>{t('potPaidBack', { n: view.potPaidBack })}</p> : null}
          {view.pot !== 0 ? <p data-pot-remains={view.pot}>{t('potRemains', { n: view.pot })}</p> : null}
        </section>
      ) : null}
      <section class="score-sheet" data-score-sheet aria-labelledby="score-sheet-title">
        <h2 id="score-sheet-title">{t('scoreSheet')}</h2>
        {rows.length === 0 ? (
          <p class="muted">{t('scoreNone')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('scoreGame')}</th>
                <th scope="col">{t('scoreDeclarer')}</th>
                <th scope="col">{t('scoreContract')}</th>
                <th scope="col">{t('scoreTricks')}</th>
                <th scope="col">{t('scoreResult')}</th>
                {view.seats.map((s, seat) => (
                  <th scope="col" key={seat}>
                    <Name name={s.name} />
                  </th>
                ))}
                <th scope="col">{t('pot')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ game, balances, pot }) => {
                const result = game.result;
                const played = result?.kind === 'contract' && game.declarer !== null && game.contract !== null;
                return (
                  <tr key={game.dealIndex} data-score-row={game.dealIndex} data-game-number={game.gameNumber}>
                    <th scope="row">
                      <AppLink
                        href={replayPath(tableId, game.dealIndex)}
                        data-replay={game.dealIndex}
                        aria-label={t('replayTitle', { n: game.gameNumber })}
                      >
                        {game.gameNumber}
                      </AppLink>
                    </th>
                    <td data-score-declarer={played ? game.declarer! : ''}>{played ? <Name name={seatName(view, game.declarer!)} /> : '—'}</td>
                    <td>
                      {played ? levelName(t, game.contract!) : t('scoreAllPass')}
                      {played && isForcedGame(game) ? <span class="running"> ({t('forcedShort')})</span> : null}
                    </td>
                    <td class="number" data-score-tricks={result?.kind === 'contract' ? result.declarerTricks : ''}>
                      {result?.kind === 'contract' ? result.declarerTricks : '—'}
                    </td>
                    <td>{result?.kind === 'contract' ? t(result.won ? 'resultWonWord' : 'resultLostWord') : '—'}</td>
                    {balances.map((balance, seat) => (
                      <td class="number" key={seat} data-score-payment={seat} data-score-balance={balance}>
                        {signed(game.settlement?.payments[seat] ?? 0)}
                        <br />
                        <span class="running">{balance}</span>
                      </td>
                    ))}
                    <td class="number" data-score-payment="pot" data-score-balance={pot}>
                      {signed(game.settlement?.pot ?? 0)}
                      <br />
                      <span class="running">{pot}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
