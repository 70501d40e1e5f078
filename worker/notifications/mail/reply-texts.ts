/**
 * The answer to a move by reply (API.md "Mail", Moves by reply): what was played, or why
 * not (the rule, R…), and the seat's link; in the seat's language, with the footer of every
 * mail. It goes to the seat's own address only, so it may name the seat's own move, its card
 * included (R10.2); never anything else of the game.
 */
import type { MailLanguage } from '../../model/table.js';
import { inLanguage, isolated, mailText, oneLine, quotedName, unsubscribeLines, type Mail } from './texts.js';

/** What became of a reply: its move was played, or not, and why (a rule's refusal starts with its id, "R7.3: …"). */
export type ReplyAnswer =
  | { readonly kind: 'played'; readonly move: string }
  /** `line`: the reply's line that was read, when it is no move (the seat's own words, quoted back to it only). */
  | { readonly kind: 'refused'; readonly move: string | null; readonly line?: string | null; readonly reason: string }
  /** The mail's reply address acted before: a reply to it acts no more. */
  | { readonly kind: 'used' };

export function replyAnswerMail(
  answer: ReplyAnswer,
  facts: { readonly tableName: string; readonly seatName: string },
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
    case 'played':
      subject = { de: `Wallachen: ${answer.move} gespielt am Tisch ${table}`, en: `Wallachen: ${answer.move} played at ${table}` };
      de.push(`deine Antwort ist am Tisch ${quotedName(facts.tableName, 'de')} gespielt: ${answer.move}.`);
      en.push(`your reply was played at the table ${quotedName(facts.tableName, 'en')}: ${answer.move}.`);
      break;
    case 'refused': {
      subject = { de: `Wallachen: nicht gespielt am Tisch ${table}`, en: `Wallachen: not played at ${table}` };
      const what = (lang: MailLanguage): string =>
        answer.move !== null ? ` (${answer.move})` : answer.line ? ` ${quotedName(answer.line, lang)}` : '';
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
  if (replyable) {
    de.push('', 'Du bist am Zug: antworte auf diese Mail, dein Zug in die erste Zeile.');
    en.push('', 'It is your move: reply to this mail with your move on the first line.');
  }
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
  return {
    subject: lang === undefined ? `${subject.de} / ${subject.en.replace(/^Wallachen: /, '')}` : subject[lang],
    text: mailText(inLanguage(lang, de, en), footer),
  };
}
