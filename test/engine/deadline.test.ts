/** The clock of a move with stops (shared/deadline.ts): pauses and vacations do not count, open stops leave it unknown. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deadlineAt,
  reminderAt,
  stoppedDeadlineAt,
  stoppedReminderAt,
  stopsReadFrom,
  unusedHours,
  vacationHoursAvailable,
  type ClockStop,
} from '../../shared/deadline.js';

const H = 3_600_000;
const start = Date.parse('2026-11-30T12:00:00Z');
const at = (hours: number): number => start + hours * H;

describe('stoppedDeadlineAt', () => {
  it('without stops is the plain deadline', () => {
    expect(stoppedDeadlineAt(start, 24, [])).toBe(deadlineAt(start, 24));
    expect(stoppedDeadlineAt(start, 24, [])).toBe(at(24));
  });

  it('a stop inside the period moves the deadline by its length', () => {
    expect(stoppedDeadlineAt(start, 24, [{ from: at(2), until: at(12) }])).toBe(at(34));
  });

  it('a stop begun before the move counts only from the move on; one ended before it not at all', () => {
    expect(stoppedDeadlineAt(start, 24, [{ from: at(-5), until: at(3) }])).toBe(at(27));
    expect(stoppedDeadlineAt(start, 24, [{ from: at(-5), until: at(-1) }])).toBe(at(24));
    expect(stoppedDeadlineAt(start, 24, [{ from: at(-5), until: start }])).toBe(at(24));
  });

  it('a stop after the deadline changes nothing, and one beginning exactly at it neither', () => {
    expect(stoppedDeadlineAt(start, 24, [{ from: at(30), until: at(40) }])).toBe(at(24));
    expect(stoppedDeadlineAt(start, 24, [{ from: at(24), until: null }])).toBe(at(24));
  });

  it('overlapping stops count once (a pause during a vacation)', () => {
    const stops = [
      { from: at(2), until: at(10) },
      { from: at(5), until: at(12) },
      { from: at(6), until: at(7) },
    ];
    expect(stoppedDeadlineAt(start, 24, stops)).toBe(at(34));
  });

  it('adjacent stops count as one, in any order', () => {
    expect(
      stoppedDeadlineAt(start, 24, [
        { from: at(6), until: at(9) },
        { from: at(2), until: at(6) },
      ]),
    ).toBe(at(31));
  });

  it('separate stops add up, and a later stop reached only because of an earlier one counts', () => {
    // 24 h run: 0–2 runs, 2–10 stopped, 10–30 runs (22 h in total), 30–40 stopped, 40–42 runs.
    expect(
      stoppedDeadlineAt(start, 24, [
        { from: at(2), until: at(10) },
        { from: at(30), until: at(40) },
      ]),
    ).toBe(at(42));
  });

  it('an open stop begun before the deadline leaves it unknown (null); an open one overlapping a closed one too', () => {
    expect(stoppedDeadlineAt(start, 24, [{ from: at(3), until: null }])).toBeNull();
    expect(stoppedDeadlineAt(start, 24, [{ from: at(-3), until: null }])).toBeNull();
    expect(
      stoppedDeadlineAt(start, 24, [
        { from: at(2), until: at(8) },
        { from: at(5), until: null },
      ]),
    ).toBeNull();
    // Reached only after an earlier stop pushed the deadline past its beginning.
    expect(
      stoppedDeadlineAt(start, 24, [
        { from: at(1), until: at(10) },
        { from: at(26), until: null },
      ]),
    ).toBeNull();
  });
});

describe('stoppedReminderAt', () => {
  it('is the plain reminder without stops, and moves with the stops', () => {
    expect(stoppedReminderAt(start, 24, [])).toBe(reminderAt(start, 24));
    expect(stoppedReminderAt(start, 2, [])).toBe(reminderAt(start, 2));
    expect(stoppedReminderAt(start, 24, [{ from: at(1), until: at(5) }])).toBe(at(27));
    expect(stoppedReminderAt(start, 24, [{ from: at(1), until: null }])).toBeNull();
  });
});

/**
 * The clock written the slow way, minute by minute, as the reference: each minute not inside
 * a stop runs; the move is due at the end of its last running minute; an open stop reached
 * first leaves it unknown.
 */
function minuteClock(startMinute: number, hours: number, stops: readonly ClockStop[]): number | null {
  const covered = (minute: number) => stops.some((s) => s.from <= minute * 60_000 && (s.until === null || minute * 60_000 < s.until));
  let minute = startMinute;
  for (let left = hours * 60; left > 0; minute++) {
    if (!covered(minute)) left--;
    else if (stops.some((s) => s.until === null && s.from <= minute * 60_000)) return null;
  }
  return minute * 60_000;
}

describe('stopsReadFrom: the stops a clock may forget', () => {
  it('keeps the stops going on and those that end after the start; drops those that ended by it', () => {
    const stops = [
      { from: at(-9), until: at(-5) },
      { from: at(-4), until: start },
      { from: at(-3), until: at(1) },
      { from: at(2), until: at(3) },
      { from: at(4), until: null },
    ];
    expect(stopsReadFrom(start, stops)).toEqual(stops.slice(2));
  });

  it('forgetting them when one clock starts changes no deadline of that clock or a later one (against the clock minute by minute)', () => {
    const stop = fc
      .record({ from: fc.integer({ min: 0, max: 600 }), length: fc.option(fc.integer({ min: 0, max: 180 }), { freq: 8 }) })
      .map(({ from, length }) => ({ from: from * 60_000, until: length === null ? null : (from + length) * 60_000 }));
    fc.assert(
      fc.property(
        fc.array(stop, { maxLength: 8 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 3 }),
        (stops, forgetAt, later, hours) => {
          const clockStart = forgetAt + later;
          const kept = stopsReadFrom(forgetAt * 60_000, stops);
          const expected = minuteClock(clockStart, hours, stops);
          expect(stoppedDeadlineAt(clockStart * 60_000, hours, kept)).toBe(expected);
          expect(stoppedDeadlineAt(clockStart * 60_000, hours, stops)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('vacationHoursAvailable (the server checks it, the table page offers it)', () => {
  it('without a running vacation is what is left', () => {
    expect(vacationHoursAvailable(30, null, start)).toBe(30);
  });

  it('a running vacation gives back its whole hours not yet begun: a started hour is spent', () => {
    expect(unusedHours({ until: at(10) }, start)).toBe(10);
    expect(unusedHours({ until: at(10) }, at(3) + 20 * 60_000)).toBe(6);
    expect(vacationHoursAvailable(20, at(10), at(3) + 20 * 60_000)).toBe(26);
  });

  it('an ended vacation gives nothing back', () => {
    expect(unusedHours({ until: at(2) }, at(5))).toBe(0);
    expect(vacationHoursAvailable(4, at(2), at(5))).toBe(4);
  });
});
