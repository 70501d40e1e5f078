/** Table options of RULES.md, their defaults, and their validation. */
import { badRequest, ok, type Result } from './result.js';

export type Seat = 0 | 1 | 2;
export const SEATS: readonly Seat[] = [0, 1, 2];

export interface TableOptions {
  /** R3: doubling after the first packet. */
  readonly doubling: boolean;
  /** R4: allow the bid and contract "10". */
  readonly tenTrickBid: boolean;
  /** R5: what happens when everybody passes. */
  readonly allPass: 'forced' | 'pot';
  /** R5.2: what each seat pays into the pot on an all-pass. */
  readonly potStake: number;
  /** R5.2: who wins the pot: the next declarer who wins, or the winners of the next game played. */
  readonly potTo: 'declarer' | 'winners';
  /** R5.4: redeals in a row for one game number before an all-pass is played as the forced game. */
  readonly maxRedeals: number;
  /** R7.8: whether win duty (R7.4) applies in bettel. */
  readonly winDutyInBettel: boolean;
  /** R7.2: the suit of the declarer's first card is trump, or the declarer names it with that card. */
  readonly trump: 'led' | 'named';
  /** R7.10: which completed tricks stay visible. */
  readonly trickHistory: 'last' | 'all' | 'opponents';
  /** R7.11: defenders may knock. */
  readonly knock: boolean;
  /** R8: kontra and re. */
  readonly kontra: boolean;
  /** R7.12: a seat may claim the rest of the game. */
  readonly claims: boolean;
  /** R1.2: dealer of game 1. */
  readonly firstDealer: Seat;
  /** R1.2: number of games in the series. */
  readonly games: number;
  /** R9: stake per trick, s. */
  readonly stakePerTrick: number;
  /** R9: flat tariff of bettel and mord, f. */
  readonly flatTariff: number;
}

export const DEFAULT_OPTIONS: TableOptions = Object.freeze({
  doubling: true,
  tenTrickBid: false,
  allPass: 'forced',
  potStake: 1,
  potTo: 'declarer',
  maxRedeals: 3,
  winDutyInBettel: true,
  trump: 'led',
  trickHistory: 'last',
  knock: false,
  kontra: true,
  claims: true,
  firstDealer: 0,
  games: 3,
  stakePerTrick: 1,
  flatTariff: 10,
});

/** Upper bounds keep every balance a safe integer even after a long series at ×32. */
export const OPTION_LIMITS = { games: 99, potStake: 1000, maxRedeals: 10, stakePerTrick: 1000, flatTariff: 10000 } as const;

/**
 * Options that only mean something with the pot, and their rules: set to anything but
 * their default, they need allPass "pot".
 */
const POT_OPTIONS = { potStake: 'R5.2', potTo: 'R5.2', maxRedeals: 'R5.4' } as const;

type Check = (value: unknown) => string | null;

const boolean =
  (rule: string): Check =>
  (value) =>
    typeof value === 'boolean' ? null : `${rule}: must be true or false`;

const oneOf =
  (rule: string, allowed: readonly (string | number)[]): Check =>
  (value) =>
    allowed.includes(value as string | number) ? null : `${rule}: must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`;

const integer =
  (rule: string, min: number, max: number): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : `${rule}: must be a whole number from ${min} to ${max}`;

const CHECKS: { readonly [K in keyof TableOptions]: Check } = {
  doubling: boolean('R3'),
  tenTrickBid: boolean('R4'),
  allPass: oneOf('R5', ['forced', 'pot']),
  potStake: integer('R5.2', 1, OPTION_LIMITS.potStake),
  potTo: oneOf('R5.2', ['declarer', 'winners']),
  maxRedeals: integer('R5.4', 1, OPTION_LIMITS.maxRedeals),
  winDutyInBettel: boolean('R7.8'),
  trump: oneOf('R7.2', ['led', 'named']),
  trickHistory: oneOf('R7.10', ['last', 'all', 'opponents']),
  knock: boolean('R7.11'),
  kontra: boolean('R8'),
  claims: boolean('R7.12'),
  firstDealer: oneOf('R1.2', [0, 1, 2]),
  games: integer('R1.2', 1, OPTION_LIMITS.games),
  stakePerTrick: integer('R9', 1, OPTION_LIMITS.stakePerTrick),
  flatTariff: integer('R9', 1, OPTION_LIMITS.flatTariff),
};

export const OPTION_NAMES = Object.keys(CHECKS) as (keyof TableOptions)[];

/**
 * Fills in defaults for missing options and refuses anything unknown or out of range,
 * naming the option and its rule, e.g. `option "games" (R1.2): must be a whole number from 1 to 99`.
 */
export function validateOptions(input: unknown = {}): Result<TableOptions> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) return badRequest('options must be an object');
  const given = input as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!(name in CHECKS)) return badRequest(`unknown option "${name}"; known options: ${OPTION_NAMES.join(', ')}`);
  }
  const options: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) {
    const value = given[name] === undefined ? DEFAULT_OPTIONS[name] : given[name];
    const problem = CHECKS[name](value);
    if (problem !== null) {
      const [rule, ...rest] = problem.split(': ');
      return badRequest(`option "${name}" (${rule}): ${rest.join(': ')}`);
    }
    options[name] = value;
  }
  // An option that cannot take effect is refused rather than kept and ignored.
  if (options.allPass !== 'pot') {
    for (const [name, rule] of Object.entries(POT_OPTIONS)) {
      if (options[name] !== DEFAULT_OPTIONS[name as keyof typeof POT_OPTIONS]) {
        return badRequest(`option "${name}" (${rule}): applies only with allPass "pot", not with allPass "${String(options.allPass)}"`);
      }
    }
  }
  return ok(Object.freeze(options) as unknown as TableOptions);
}
