/** Table options: defaults, and a clear refusal for every bad value. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_NAMES, validateOptions } from '../../shared/options.js';
import { startSeries } from '../../shared/series.js';
import { expectRefused, must } from './support.js';

describe('table options', () => {
  it('R1.2, R3–R9: defaults are those of RULES.md', () => {
    expect(must(validateOptions({}))).toEqual({
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
    expect(must(validateOptions(undefined))).toEqual(DEFAULT_OPTIONS);
    expect(must(validateOptions(null))).toEqual(DEFAULT_OPTIONS);
  });

  const bad: [string, unknown, string][] = [
    ['doubling', 'yes', 'option "doubling" (R3): must be true or false'],
    ['tenTrickBid', 1, 'option "tenTrickBid" (R4): must be true or false'],
    ['allPass', 'redeal', 'option "allPass" (R5): must be one of "forced", "pot"'],
    ['potStake', 0, 'option "potStake" (R5.2): must be a whole number from 1 to 1000'],
    ['potTo', 'dealer', 'option "potTo" (R5.2): must be one of "declarer", "winners"'],
    ['maxRedeals', 0, 'option "maxRedeals" (R5.4): must be a whole number from 1 to 10'],
    ['maxRedeals', 11, 'option "maxRedeals" (R5.4): must be a whole number from 1 to 10'],
    ['trump', 'first', 'option "trump" (R7.2): must be one of "led", "named"'],
    ['winDutyInBettel', null, 'option "winDutyInBettel" (R7.8): must be true or false'],
    ['trickHistory', 'none', 'option "trickHistory" (R7.10): must be one of "last", "all", "opponents"'],
    ['knock', 'on', 'option "knock" (R7.11): must be true or false'],
    ['kontra', [], 'option "kontra" (R8): must be true or false'],
    ['claims', 'yes', 'option "claims" (R7.12): must be true or false'],
    ['firstDealer', 3, 'option "firstDealer" (R1.2): must be one of 0, 1, 2'],
    ['games', 2.5, 'option "games" (R1.2): must be a whole number from 1 to 99'],
    ['games', 100, 'option "games" (R1.2): must be a whole number from 1 to 99'],
    ['stakePerTrick', -1, 'option "stakePerTrick" (R9): must be a whole number from 1 to 1000'],
    ['flatTariff', '10', 'option "flatTariff" (R9): must be a whole number from 1 to 10000'],
  ];
  it.each(bad)('R1–R9: option %s = %j is refused with a message naming it', (name, value, message) => {
    const result = validateOptions({ [name]: value });
    expectRefused(result, 'bad_request', message);
    expectRefused(startSeries({ [name]: value }), 'bad_request', message);
  });

  it('R5.2, R5.4: the pot\'s options other than their defaults need allPass "pot"; with it they are kept', () => {
    for (const [name, value, rule] of [
      ['potStake', 2, 'R5.2'],
      ['potTo', 'winners', 'R5.2'],
      ['maxRedeals', 5, 'R5.4'],
    ] as const) {
      expectRefused(
        validateOptions({ [name]: value }),
        'bad_request',
        `option "${name}" (${rule}): applies only with allPass "pot", not with allPass "forced"`,
      );
      expect(must(validateOptions({ allPass: 'pot', [name]: value }))[name]).toBe(value);
      // Their defaults may be given with any allPass: a form may send every option.
      expect(must(validateOptions({ allPass: 'forced', [name]: DEFAULT_OPTIONS[name] }))[name]).toBe(DEFAULT_OPTIONS[name]);
    }
  });

  it('R1–R9: every option of RULES.md is validated, and unknown options are refused', () => {
    expect(new Set(bad.map(([name]) => name))).toEqual(new Set(OPTION_NAMES));
    expectRefused(validateOptions({ doubles: true }), 'bad_request', 'unknown option "doubles"');
    expectRefused(validateOptions('fast'), 'bad_request', 'options must be an object');
    expectRefused(validateOptions([]), 'bad_request', 'options must be an object');
  });
});
