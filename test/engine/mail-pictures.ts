/**
 * Turn mails' pictures (worker/notifications/mail/table-picture.ts) of real games, one for each
 * phase a turn mail is sent in: played by the engine from a fixed deal, seen by the seat the
 * mail goes to (shared/view.ts viewOf, with names as the Worker's view has them). For the
 * HTML part's tests (test/engine/mail-html.test.ts, test/browser/mail-html.test.ts) and its
 * screenshots (scripts/dev/mail-screenshots.ts); no vitest here, so the script can import it.
 */
import { validateDeal } from '../../shared/deal.js';
import { applyAction, newGame, type GameState } from '../../shared/game.js';
import { validateOptions, type Seat, type TableOptions } from '../../shared/options.js';
import type { Result } from '../../shared/result.js';
import { viewOf } from '../../shared/view.js';
import { actionFor } from './script-actions.js';
import type { TableView } from '../../worker/model/contract.js';
import type { MailParts } from '../../worker/notifications/mail/mail-parts.js';
import { pictureOf, type TablePicture } from '../../worker/notifications/mail/table-picture.js';

const must = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
};

/** Mixed hands, as a shuffle deals them; dealer 0, so seat 1 is forehand. */
const DEAL = must(
  validateDeal({
    hands: [
      ['EA', 'EU', 'E9', 'GA', 'GK', 'G8', 'HA', 'H10', 'SO', 'S7'],
      ['EK', 'EO', 'E10', 'GO', 'GU', 'G7', 'HK', 'HO', 'HU', 'S10'],
      ['E8', 'E7', 'G10', 'G9', 'H9', 'H8', 'H7', 'SA', 'SK', 'SU'],
    ],
    stock: ['S9', 'S8'],
  }),
);

/** Names as people type them: markup, quotes, an ampersand, right to left. */
export const NAMES = ['Sepp <script>alert(1)</script>', 'Anna "die Sau" & Co', 'מרים'] as const;

/** The game after a script of `seat:word` tokens. */
export function gameAfter(script: string, given: Partial<TableOptions> = {}): GameState {
  let game = newGame(must(validateOptions(given)), DEAL, 0);
  for (const token of script.split(/\s+/).filter((t) => t !== '')) {
    const [seat, word] = token.split(':');
    game = must(applyAction(game, Number(seat), actionFor(game, word!)));
  }
  return game;
}

/** What the Worker's view of `seat` would be (its names; the rest as a table's view has it, unused by the picture). */
export function tableViewOf(game: GameState, seat: Seat, names: readonly string[] = NAMES): TableView {
  const view = viewOf({ options: game.options, status: 'playing', balances: [0, 0, 0], pot: 0, potPaidBack: 0, game }, seat)!;
  return {
    ...view,
    tableId: 'k3h8q2m5x7c9v4b6',
    name: 'Stammtisch',
    version: 1,
    seats: view.seats.map((s, i) => ({ ...s, name: names[i]!, bot: false, botLevel: null, vacationUntil: null, vacationHoursLeft: 0 })),
    commitment: null,
    deadline: null,
    moveDeadlineHours: null,
    onTimeout: 'wait',
    vacationHours: 0,
    autoForced: false,
    webhook: null,
    paused: false,
    ended: false,
    series: 1,
    chat: false,
  };
}

export interface Scene {
  readonly label: string;
  readonly picture: TablePicture;
}

/** The doubling and auction: seat 1 doubled, seat 1 bid 6 and seat 2 7. */
const AUCTION = '0:no 1:double 2:no 1:6 2:7';
/** Seat 1 took the game at 7: it picked up the stock. */
const DISCARD = `${AUCTION} 1:hold 2:pass 0:pass`;
/** Seat 1 discarded and announced 7; it leads HK (trump Herz). */
const PLAY = `${DISCARD} 1:S9,S8 1:7 1:HK`;

/** A mail's picture at each phase a turn mail is sent in, each for the seat that owes the move; the seats named `names`. */
export function scenesNamed(names: readonly string[]): Scene[] {
  const scene = (label: string, seat: Seat, script: string, given: Partial<TableOptions> = {}): Scene => ({
    label,
    picture: pictureOf(tableViewOf(gameAfter(script, given), seat, names)),
  });
  return [
    scene('doubling', 0, ''),
    scene('auction', 1, AUCTION),
    scene('discard, the declarer with the stock', 1, DISCARD),
    scene('declare', 1, `${DISCARD} 1:S9,S8`),
    scene('play, a card on the table, kontra and a claim offered', 2, PLAY),
    scene('play, re owed after a kontra', 1, `${PLAY} 2:kontra`),
    scene('play after kontra and re, a trick taken', 0, `${PLAY} 2:kontra 1:re 2:H7 0:HA`),
    scene('play, the declarer names trump with its first card', 1, `${DISCARD} 1:S9,S8 1:7`, { trump: 'named' }),
    scene('play, a defender may knock', 2, `${PLAY} 2:H7 0:HA 0:E9 1:E10 2:E7 1:EO 2:E8 0:EA 0:H10 1:HU 2:H8 1:EK`, { knock: true }),
  ];
}

/** The scenes with names as people type them (NAMES). */
export const SCENES: readonly Scene[] = scenesNamed(NAMES);

/**
 * The lines a turn mail puts around its picture, as texts.ts writes them: a greeting with the
 * seat's name, the table's name (`table`), the seat's link, the unsubscribe link; names isolated.
 */
export function partsOf(picture: TablePicture | null, lang: 'de' | 'en' | undefined, table = 'Stammtisch & <b>Co</b>'): MailParts {
  const name = `\u2068${picture === null ? NAMES[0] : picture.names[picture.seat]}\u2069`;
  const de = { before: [`Hallo ${name},`, '', `am Tisch „\u2068${table}\u2069“ bist du am Zug (Spiel 1/3).`] };
  const en = { before: [`Hello ${name},`, '', `it is your move at the table "\u2068${table}\u2069" (game 1/3).`] };
  const link = 'https://wallachen.example/t/k3h8q2m5x7c9v4b6#tok_abc';
  const unsubscribe = 'https://wallachen.example/api/mail/unsubscribe/0123abcd.sig_-x';
  const both = <T>(d: T[], e: T[], blank: T): T[] => (lang === 'de' ? d : lang === 'en' ? e : [...d, blank, ...e]);
  return {
    lang,
    before: both(de.before, en.before, ''),
    picture,
    after: both([`Zum Tisch: ${link}`], [`To the table: ${link}`], ''),
    footer: both(
      ['Der Link ist geheim: wer ihn hat, spielt deinen Platz.', `Keine Mails mehr an diese Adresse, von keinem Tisch: ${unsubscribe}`],
      ['The link is secret: whoever holds it plays your seat.', `No more mail to this address, from any table: ${unsubscribe}`],
      '',
    ),
  };
}

export const REPLY_TO = 'moves+k3h8q2m5x7c9v4b6-abcdefghijkmnpqrstuvwxyz23@wallachen.example';
