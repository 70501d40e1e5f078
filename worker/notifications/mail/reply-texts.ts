/**
 * The answer to a move by reply (API.md "Mail", Moves by reply): what was played, or why
 * not (the rule, R…), and the seat's link; in the seat's language, with the footer of every
 * mail. It goes to the seat's own address only, so it may name the seat's own move, its card
 * included (R10.2); never anything else of the game.
 */
import type { MailLanguage } from '../../model/table.js';
import { replyText, type MoveByText } from '../../../shared/move-name.js';
import type { MailParts } from './mail-parts.js';
import type { TablePicture } from './table-picture.js';
import { inLanguage, isolated, oneLine, partsText, quotedName, unsubscribeLines, type Mail } from './texts.js';

/** What became of a reply: its move was played, or not, and why (a rule's refusal starts with its id, "R7.3: …"). */
export type ReplyAnswer =
  /** `line`: the reply's line the move was read from (the seat's own words, quoted back to it only). */
  | { readonly kind: 'played'; readonly move: MoveByText; readonly line?: string | null }
  /** `line`: the reply's line that was read, when it is no move (the seat's own words, quoted back to it only). */
  | { readonly kind: 'refused'; readonly move: MoveByText | null; readonly line?: string | null; readonly reason: string }
  /** The mail's reply address acted before: a reply to it acts no more. */
  | { readonly kind: 'used' };

export function replyAnswerMail(
  answer: ReplyAnswer,
  facts: { readonly tableName: string; readonly seatName: string; readonly picture: TablePicture | null },
  link: string | null,
  options: { readonly lang?: MailLanguage | undefined; readonly unsubscribe: string; readonly replyable?: boolean },
): Mail {
  const { lang, unsubscribe, replyable = false } = options;
  const table = oneLine(facts.tableName);
  const seat = isolated(facts.seatName, 40);
  const de: string[] = [`Hallo ${seat},`, ''];
  const en: string[] = [`Hello ${seat},`, ''];
  let subject: { de: string; en: string };
  switch (answer.kind) {
    case 'played': {
      const move = { de: replyText(answer.move, 'de'), en: replyText(answer.move, 'en') };
      subject = { de: `Wallachen: ${move.de} gespielt am Tisch ${table}`, en: `Wallachen: ${move.en} played at ${table}` };
      const read = (lang: MailLanguage): string => (answer.line && !sameWords(answer.line, move[lang]) ? ` ${quotedName(answer.line, lang)}` : '');
      de.push(`deine Antwort${read('de')} ist am Tisch ${quotedName(facts.tableName, 'de')} gespielt: ${move.de}.`);
      en.push(`your reply${read('en')} was played at the table ${quotedName(facts.tableName, 'en')}: ${move.en}.`);
      break;
    }
    case 'refused': {
      subject = { de: `Wallachen: nicht gespielt am Tisch ${table}`, en: `Wallachen: not played at ${table}` };
      const what = (lang: MailLanguage): string =>
        (answer.line ? ` ${quotedName(answer.line, lang)}` : '') + movePart(answer.move, answer.line, lang);
      de.push(`deine Antwort${what('de')} ist am Tisch ${quotedName(facts.tableName, 'de')} nicht gespielt worden:`);
      en.push(`your reply${what('en')} was not played at the table ${quotedName(facts.tableName, 'en')}:`);
      // The engine's reason is English (as every answer of the API); one line, whatever it holds.
      for (const lines of [de, en]) lines.push(`  ${oneLine(answer.reason, 300)}`);
      break;
    }
    case 'used':
      subject = { de: `Wallachen: Antwort schon verwendet am Tisch ${table}`, en: `Wallachen: reply already used at ${table}` };
      de.push(
        `auf diese Mail ist schon geantwortet worden; eine Antwort zieht nur einmal. Antworte auf die neueste Mail des Tisches ${quotedName(facts.tableName, 'de')}, oder ziehe über den Link.`,
      );
      en.push(
        `this mail was replied to before; a reply moves once only. Reply to the newest mail of the table ${quotedName(facts.tableName, 'en')}, or move by the link.`,
      );
      break;
  }
  if (facts.picture === null && replyable) {
    de.push('', 'Du bist am Zug: antworte auf diese Mail, dein Zug in die erste Zeile.');
    en.push('', 'It is your move: reply to this mail with your move on the first line.');
  }
  // The move owed now, shown as the turn mail shows it (partsText), between what became of the reply and the link.
  const before = inLanguage(lang, de.splice(0), en.splice(0));
  if (link !== null) {
    de.push('', `Zum Tisch: ${link}`);
    en.push('', `To the table: ${link}`);
  } else {
    de.push('', 'Öffne den Link deines Platzes, den du beim Anlegen des Tisches bekommen hast.');
    en.push('', 'Open the link of your seat that you were given when the table was created.');
  }
  const footer = [
    ...inLanguage(lang, ['Der Link ist geheim: wer ihn hat, spielt deinen Platz.'], ['The link is secret: whoever holds it plays your seat.']),
    ...unsubscribeLines(lang, unsubscribe),
  ];
  const parts: MailParts = { lang, before, picture: facts.picture, after: inLanguage(lang, de, en), footer };
  return {
    subject: lang === undefined ? `${subject.de} / ${subject.en.replace(/^Wallachen: /, '')}` : subject[lang],
    text: partsText(parts, replyable),
    parts,
  };
}

/** Whether the line read says the move in the words the mail names it with ("HK" and "hk."): then it is quoted once. */
const sameWords = (line: string, move: string): boolean =>
  line
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase() === move.toLowerCase();

/** The move read, after the quoted line, when the line does not say it in the mail's own words: ` (HK)`. */
const movePart = (move: MoveByText | null, line: string | null | undefined, lang: MailLanguage): string => {
  if (move === null) return '';
  const named = replyText(move, lang);
  return line && sameWords(line, named) ? '' : ` (${named})`;
};
