/**
 * The house rules in a line of plain words, for the summary of the folded "More rules": made
 * from option values (the server's own DEFAULT_OPTIONS for the defaults), so it cannot drift
 * from what a table is created with.
 */
import type { TableOptions } from '../../../shared/options.js';
import type { CreateTranslate } from './texts.js';
import { DEFAULT_VACATION_HOURS } from '../../../shared/deadline.js';

/**
 * The options the summary speaks of: every rule option but the number of games (asked up
 * front), the clock (the reminder, and with it what a passed deadline does and the
 * vacation), and the chat.
 */
export type SummarizedOptions = Omit<TableOptions, 'games'> & {
  readonly moveDeadlineHours: number | null;
  /** Left out: the server's default, "bot". */
  readonly onTimeout?: 'bot' | 'wait';
  /** Left out: the server's default, 72. */
  readonly vacationHours?: number;
  /** Left out: the server's default, on. */
  readonly chat?: boolean;
};

const TRICK_HISTORY = { last: 'ruleTrickHistoryLast', all: 'ruleTrickHistoryAll', opponents: 'ruleTrickHistoryOpponents' } as const;

/** Each rule in words, in the form's order; `dealerNames` are the typed names (or "Player 1" …). */
export function rulesInWords(t: CreateTranslate, o: SummarizedOptions, dealerNames: readonly string[]): string[] {
  const toggle = (on: boolean, rule: Parameters<CreateTranslate>[0]) => t(on ? 'ruleOn' : 'ruleOff', { rule: t(rule) });
  return [
    toggle(o.doubling, 'ruleDoubling'),
    toggle(o.kontra, 'ruleKontra'),
    toggle(o.tenTrickBid, 'ruleTenTrickBid'),
    t(o.allPass === 'pot' ? 'ruleAllPassPot' : 'ruleAllPassForced'),
    t(o.trump === 'named' ? 'ruleTrumpNamed' : 'ruleTrumpLed'),
    toggle(o.winDutyInBettel, 'ruleWinDutyInBettel'),
    t(TRICK_HISTORY[o.trickHistory]),
    toggle(o.knock, 'ruleKnock'),
    toggle(o.claims, 'ruleClaims'),
    t('ruleStake', { n: o.stakePerTrick }),
    t('ruleTariff', { n: o.flatTariff }),
    t('ruleFirstDealer', { name: dealerNames[o.firstDealer] ?? String(o.firstDealer + 1) }),
    ...(o.moveDeadlineHours === null
      ? [t('ruleNoReminder')]
      : [
          t('ruleReminder', { n: o.moveDeadlineHours }),
          t(o.onTimeout === 'wait' ? 'ruleOnTimeoutWait' : 'ruleOnTimeoutBot'),
          t('ruleVacation', { n: o.vacationHours ?? DEFAULT_VACATION_HOURS }),
        ]),
    toggle(o.chat !== false, 'ruleChat'),
  ];
}

/** The summary line: "Defaults: …" while every rule is at its default, else "Chosen: …". */
export function rulesSummary(t: CreateTranslate, o: SummarizedOptions, defaults: SummarizedOptions, dealerNames: readonly string[]): string {
  const list = rulesInWords(t, o, dealerNames);
  const isDefault = list.join('\n') === rulesInWords(t, defaults, dealerNames).join('\n');
  return t(isDefault ? 'rulesDefaults' : 'rulesChosen', { list: list.join(', ') });
}
