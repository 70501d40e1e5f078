/**
 * The texts of the create page and its share screen, in German and English. They load with
 * the page (a lazy chunk), not with the table page; the texts both share are in ../i18n.ts.
 */
import { fill, type Language } from '../i18n.js';

const en = {
  createTitle: 'New table',
  createIntro: 'Three players, one link each, no accounts. Everybody plays when they like; the table waits and tells whose turn it is.',
  tableName: 'Name of the table',
  players: 'Players',
  playerName: 'Player {n}',
  playerEmail: 'Email of player {n} (optional: turn notices)',
  optionsTitle: 'Rules of this table',
  optDoubling: 'Doubling (Doppeln)',
  optDoublingHelp: 'After their first three cards everyone may double: each double multiplies every payment of the game by 2.',
  optTenTrickBid: 'Ten-trick bid',
  optTenTrickBidHelp: 'Allows bidding and announcing 10, all ten tricks with a trump suit.',
  optAllPass: 'When everybody passes',
  optAllPassForced: 'Muss-Spiel: forehand must play 6',
  optAllPassPot: 'Haferl: all pay into the pot, redeal',
  optAllPassHelp:
    'With the Haferl nobody has to play: everyone pays into the pot and the next dealer deals again. What is still in the pot when the series ends is paid back in equal shares.',
  optPotStake: 'Payment into the pot',
  optPotStakeHelp: 'What each player pays into the pot when everybody passes (doubles do not count here).',
  optPotTo: 'Who wins the pot',
  optPotToDeclarer: 'the next declarer who wins',
  optPotToWinners: 'the winners of the next game',
  optPotToHelp:
    'Next declarer who wins: a lost game leaves the pot for later. Winners of the next game: the next game played decides it; if the declarer loses, the two defenders share the pot.',
  optMaxRedeals: 'Redeals in a row at most',
  optMaxRedealsHelp: 'After this many redeals for one game, the next time everybody passes forehand must play 6 (Muss-Spiel).',
  optTrump: 'Trump suit',
  optTrumpLed: 'the suit of the first card',
  optTrumpNamed: 'named with the first card',
  optTrumpHelp:
    'In a game with trumps the declarer leads first. Named: the declarer says which suit is trump while playing the first card, which need not be of that suit.',
  optWinDutyInBettel: 'Win duty in Bettel',
  optWinDutyInBettelHelp: 'Whoever follows suit must take the lead if they can, in Bettel too. Off: in Bettel anyone following suit may duck.',
  optTrickHistory: 'Tricks you can look at',
  optTrickHistoryLast: 'the last trick',
  optTrickHistoryAll: 'every trick of the game',
  optTrickHistoryOpponents: 'the other side’s last trick only',
  optTrickHistoryHelp:
    'The trick just completed stays on the table for everyone until the next card. The other side’s last trick: after that, the declarer may look back only at the defenders’ last trick, and each defender only at the declarer’s.',
  optKontra: 'Kontra and Re',
  optKontraHelp:
    'Until the first trick is complete a defender may say Kontra (×2). Play then waits until the declarer answers Re (×2 again) or no Re.',
  optKnock: 'Knocking',
  optKnockHelp: 'A defender who plays their last card of a suit, not following suit, may knock on the table; everyone sees it.',
  optGames: 'Number of games',
  optGamesHelp: 'Three games: everyone deals once.',
  optStakePerTrick: 'Stake per trick',
  optStakePerTrickHelp: 'A normal game pays stake × tricks × multiplier to or from each defender.',
  optFlatTariff: 'Tariff for Bettel and Mord',
  optFlatTariffHelp: 'What each defender pays for a won Bettel or Mord (times the multiplier), or gets for a lost one.',
  optFirstDealer: 'First dealer',
  optDeadline: 'Reminder after (hours, optional)',
  optDeadlineHelp: 'Players with an email or webhook are reminded when their move has waited this long.',
  createSubmit: 'Create table',
  creating: 'Creating…',

  shareTitle: 'Table created: send the links',
  shareIntro: 'Each player gets their own link. Whoever holds a link plays that seat, so send each link only to its player.',
  shareKeep: 'These links are also kept on this device, under “Your tables”.',
  spectatorLink: 'Spectators (no hands shown)',
  copy: 'Copy',
  copied: 'Copied',
  open: 'Open',
  embedCode: 'Show the table on another website (spectator view)',
  embedHelp: 'To fix the language and the look, put ?lang=de (or en), &theme=dark and &cards=french before the #.',
  yourTables: 'Your tables on this device',
  forget: 'Forget',
} as const;

export type CreateTextKey = keyof typeof en;

const de: Record<CreateTextKey, string> = {
  createTitle: 'Neuer Tisch',
  createIntro: 'Drei Spieler, ein Link für jeden, kein Konto. Jeder spielt, wann er mag; der Tisch wartet und sagt, wer dran ist.',
  tableName: 'Name des Tisches',
  players: 'Spieler',
  playerName: 'Spieler {n}',
  playerEmail: 'E-Mail von Spieler {n} (freiwillig: Bescheid, wenn er dran ist)',
  optionsTitle: 'Regeln an diesem Tisch',
  optDoubling: 'Doppeln',
  optDoublingHelp: 'Nach den ersten drei Karten darf jeder doppeln: jedes Doppeln verdoppelt alle Zahlungen des Spiels.',
  optTenTrickBid: 'Zehner reizen',
  optTenTrickBidHelp: 'Erlaubt, 10 zu reizen und anzusagen: alle zehn Stiche mit Trumpf.',
  optAllPass: 'Wenn alle weiter sagen',
  optAllPassForced: 'Muss-Spiel: die Vorhand muss 6 spielen',
  optAllPassPot: 'Haferl: alle zahlen ein, neu geben',
  optAllPassHelp:
    'Mit dem Haferl muss keiner spielen: alle zahlen ins Haferl, und der nächste Geber gibt neu. Was am Ende der Runde noch im Haferl liegt, bekommt jeder zu gleichen Teilen zurück.',
  optPotStake: 'Einsatz ins Haferl',
  optPotStakeHelp: 'Was jeder ins Haferl zahlt, wenn alle weiter sagen (Doppler zählen dabei nicht).',
  optPotTo: 'Wer das Haferl bekommt',
  optPotToDeclarer: 'der nächste Alleinspieler, der gewinnt',
  optPotToWinners: 'die Gewinner des nächsten Spiels',
  optPotToHelp:
    'Nächster Alleinspieler, der gewinnt: ein verlorenes Spiel lässt das Haferl liegen. Gewinner des nächsten Spiels: das nächste Spiel entscheidet; verliert der Alleinspieler, teilen sich die beiden Gegenspieler das Haferl.',
  optMaxRedeals: 'Höchstens so oft hintereinander neu geben',
  optMaxRedealsHelp: 'Nach so vielen Neugeben für ein Spiel muss beim nächsten Mal, wenn alle weiter sagen, die Vorhand 6 spielen (Muss-Spiel).',
  optTrump: 'Trumpffarbe',
  optTrumpLed: 'die Farbe der ersten Karte',
  optTrumpNamed: 'mit der ersten Karte genannt',
  optTrumpHelp:
    'In einem Spiel mit Trumpf spielt der Alleinspieler aus. Genannt: er sagt beim Ausspielen der ersten Karte, welche Farbe Trumpf ist; die Karte muss nicht von dieser Farbe sein.',
  optWinDutyInBettel: 'Stichzwang im Bettel',
  optWinDutyInBettelHelp: 'Wer bedient, muss überstechen, wenn er kann, auch im Bettel. Aus: im Bettel darf man beim Bedienen drunter bleiben.',
  optTrickHistory: 'Stiche ansehen',
  optTrickHistoryLast: 'den letzten Stich',
  optTrickHistoryAll: 'alle Stiche des Spiels',
  optTrickHistoryOpponents: 'nur den letzten Stich der Gegenseite',
  optTrickHistoryHelp:
    'Der gerade fertige Stich bleibt für alle liegen, bis die nächste Karte kommt. Nur der Gegenseite: danach darf der Alleinspieler nur den letzten Stich der Gegenspieler ansehen, jeder Gegenspieler nur den des Alleinspielers.',
  optKontra: 'Kontra und Re',
  optKontraHelp:
    'Bis der erste Stich fertig ist, darf ein Gegenspieler Kontra sagen (×2). Dann wartet das Spiel, bis der Alleinspieler Re (noch einmal ×2) oder kein Re sagt.',
  optKnock: 'Klopfen',
  optKnockHelp: 'Ein Gegenspieler, der seine letzte Karte einer Farbe spielt, ohne zu bedienen, darf klopfen; alle sehen es.',
  optGames: 'Anzahl der Spiele',
  optGamesHelp: 'Drei Spiele: jeder gibt einmal.',
  optStakePerTrick: 'Einsatz pro Stich',
  optStakePerTrickHelp: 'Ein normales Spiel zahlt Einsatz × Stiche × Faktor an oder von jedem Gegenspieler.',
  optFlatTariff: 'Tarif für Bettel und Mord',
  optFlatTariffHelp: 'Was jeder Gegenspieler für einen gewonnenen Bettel oder Mord zahlt (mal Faktor) oder für einen verlorenen bekommt.',
  optFirstDealer: 'Erster Geber',
  optDeadline: 'Erinnerung nach (Stunden, freiwillig)',
  optDeadlineHelp: 'Spieler mit E-Mail oder Webhook werden erinnert, wenn ihr Zug so lange wartet.',
  createSubmit: 'Tisch anlegen',
  creating: 'Lege an…',

  shareTitle: 'Tisch angelegt: Links verschicken',
  shareIntro: 'Jeder Spieler bekommt seinen eigenen Link. Wer einen Link hat, spielt diesen Platz: schick jeden Link nur seinem Spieler.',
  shareKeep: 'Die Links bleiben auch auf diesem Gerät gespeichert, unter „Deine Tische“.',
  spectatorLink: 'Zuschauer (sehen keine Karten auf der Hand)',
  copy: 'Kopieren',
  copied: 'Kopiert',
  open: 'Öffnen',
  embedCode: 'Den Tisch auf einer anderen Website zeigen (Zuschauer-Ansicht)',
  embedHelp: 'Mit ?lang=de (oder en), &theme=dark und &cards=french vor dem # legst du Sprache und Aussehen fest.',
  yourTables: 'Deine Tische auf diesem Gerät',
  forget: 'Vergessen',
};

const TEXTS: Record<Language, Record<CreateTextKey, string>> = { en, de };

export type CreateTranslate = (key: CreateTextKey, params?: Record<string, string | number>) => string;

export function createTranslator(lang: Language): CreateTranslate {
  const texts = TEXTS[lang];
  return (key, params) => fill(texts[key], params);
}
