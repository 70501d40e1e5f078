/**
 * The series on paper: one row per finished deal (declarer, contract, tricks, what each seat
 * and the pot got, the running balances), and once the series is over the final standings,
 * the pot paid back included (R5.3).
 */
import { isForcedGame } from '../../../shared/all-pass.js';
import type { PublishedGame, TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { AppLink } from '../AppLink.js';
import { useMedia } from '../media.js';
import { Name, withNames } from '../names.js';
import { levelName, seatName } from './format.js';
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
  // A phone: what each game was in one cell and the seats' columns narrow, so the sheet fits the width of the screen.
  const narrow = useMedia('(max-width: 599px)');
  // Only a table that plays the pot when everybody passes has one (R5.2); with the forced game there is none to show.
  const withPot = view.options.allPass === 'pot';
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
          <table class={narrow ? 'compact' : undefined}>
            <thead>
              <tr>
                <th scope="col">
                  {/* A phone has room for a sign only; the word stays for screen readers. */}
                  {narrow ? (
                    <>
                      <span aria-hidden="true">#</span>
                      <span class="visually-hidden">{t('scoreGame')}</span>
                    </>
                  ) : (
                    t('scoreGame')
                  )}
                </th>
                {narrow ? (
                  <th scope="col">{t('scoreContract')}</th>
                ) : (
                  <>
                    <th scope="col">{t('scoreDeclarer')}</th>
                    <th scope="col">{t('scoreContract')}</th>
                    <th scope="col">{t('scoreTricks')}</th>
                    <th scope="col">{t('scoreResult')}</th>
                  </>
                )}
                {view.seats.map((s, seat) => (
                  <th scope="col" key={seat} title={narrow ? s.name : undefined}>
                    <span class="score-name">
                      <Name name={s.name} />
                    </span>
                  </th>
                ))}
                {withPot ? <th scope="col">{t('pot')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ScoreRow key={row.game.dealIndex} row={row} view={view} tableId={tableId} narrow={narrow} withPot={withPot} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function ScoreRow({ row, view, tableId, narrow, withPot }: { row: Row; view: TableView; tableId: string; narrow: boolean; withPot: boolean }) {
  const { t } = useApp();
  const { game, balances, pot } = row;
  const result = game.result;
  const played = result?.kind === 'contract' && game.declarer !== null && game.contract !== null;
  const declarer = played ? <Name name={seatName(view, game.declarer!)} /> : '—';
  const contract = played ? (
    <>
      {levelName(t, game.contract!)}
      {isForcedGame(game.declarer, game.actions) ? <span class="running"> ({t('forcedShort')})</span> : null}
    </>
  ) : (
    t('scoreAllPass')
  );
  const tricks = result?.kind === 'contract' ? result.declarerTricks : '—';
  const claimer = result?.kind === 'contract' ? result.claimedBy : undefined;
  // R7.12: a game a claim ended says who claimed.
  const claimed =
    claimer === undefined ? null : (
      <span class="running" data-score-claimed={claimer}>
        {' '}
        ({withNames(t('scoreClaimedBy'), { name: seatName(view, claimer) })})
      </span>
    );
  const outcome =
    result?.kind === 'contract' ? (
      <>
        {t(result.won ? 'resultWonWord' : 'resultLostWord')}
        {claimed}
      </>
    ) : (
      '—'
    );
  const hooks = {
    'data-score-declarer': played ? game.declarer! : '',
    'data-score-tricks': result?.kind === 'contract' ? result.declarerTricks : '',
  };
  return (
    <tr data-score-row={game.dealIndex} data-game-number={game.gameNumber}>
      <th scope="row">
        <AppLink href={replayPath(tableId, game.dealIndex)} data-replay={game.dealIndex} aria-label={t('replayTitle', { n: game.gameNumber })}>
          {game.gameNumber}
        </AppLink>
      </th>
      {narrow ? (
        // One cell: who played what, and how it went ("Sepp 7 · 8 won").
        <td class="score-game" {...hooks}>
          {played ? (
            <>
              <span class="score-name">{declarer}</span> {contract} · {tricks} {outcome}
            </>
          ) : (
            contract
          )}
        </td>
      ) : (
        <>
          <td data-score-declarer={hooks['data-score-declarer']}>{declarer}</td>
          <td>{contract}</td>
          <td class="number" data-score-tricks={hooks['data-score-tricks']}>
            {tricks}
          </td>
          <td>{outcome}</td>
        </>
      )}
      {balances.map((balance, seat) => (
        <td class="number" key={seat} data-score-payment={seat} data-score-balance={balance}>
          {signed(game.settlement?.payments[seat] ?? 0)}
          <br />
          <span class="running">{balance}</span>
        </td>
      ))}
      {withPot ? (
        <td class="number" data-score-payment="pot" data-score-balance={pot}>
          {signed(game.settlement?.pot ?? 0)}
          <br />
          <span class="running">{pot}</span>
        </td>
      ) : null}
    </tr>
  );
}
