/**
 * The away switch's choices per table (web/src/create/away.ts): what is sent to which table,
 * read from its overview entry; hours above what a table has are capped there; and the run
 * never has more than its limit of tables in flight.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../web/src/api.js';
import { awayStep, eachBounded, retryWaitSeconds, worthRetrying } from '../../web/src/create/away.js';
import { overviewEntry } from './overview-entry.js';

describe('awayStep', () => {
  it('sends the hours asked where the table has them, and what is left where it has fewer (saying what was asked)', () => {
    expect(awayStep(overviewEntry(), { kind: 'set', hours: 48 })).toEqual({ kind: 'send', hours: 48 });
    expect(awayStep(overviewEntry(), { kind: 'set', hours: 72 })).toEqual({ kind: 'send', hours: 72 });
    const few = overviewEntry({ vacation: { until: null, hoursLeft: 20, hoursAvailable: 20 } });
    expect(awayStep(few, { kind: 'set', hours: 48 })).toEqual({ kind: 'send', hours: 20, asked: 48 });
  });

  it("reads what a table takes from the entry's hoursAvailable, not from hoursLeft (a running vacation gives back its unbegun hours)", () => {
    const running = overviewEntry({ vacation: { until: '2026-12-02T20:00:00.000Z', hoursLeft: 0, hoursAvailable: 9 } });
    expect(awayStep(running, { kind: 'set', hours: 48 })).toEqual({ kind: 'send', hours: 9, asked: 48 });
    expect(awayStep(running, { kind: 'end' })).toEqual({ kind: 'send', hours: 0 });
  });

  it('leaves alone, with the reason, what takes no vacation', () => {
    const set = { kind: 'set', hours: 24 } as const;
    expect(awayStep(overviewEntry({ seat: null, vacation: null }), set)).toEqual({ kind: 'skip', reason: 'spectator' });
    expect(awayStep(overviewEntry({ vacation: null }), set)).toEqual({ kind: 'skip', reason: 'bot' });
    expect(awayStep(overviewEntry({ seriesOver: true, vacation: { until: null, hoursLeft: 72, hoursAvailable: 0 } }), set)).toEqual({
      kind: 'skip',
      reason: 'seriesOver',
    });
    expect(awayStep(overviewEntry({ ended: true }), set)).toEqual({ kind: 'skip', reason: 'ended' });
    expect(awayStep(overviewEntry({ moveDeadlineHours: null }), set)).toEqual({ kind: 'skip', reason: 'noClock' });
    expect(awayStep(overviewEntry({ vacation: { until: null, hoursLeft: 0, hoursAvailable: 0 } }), set)).toEqual({
      kind: 'skip',
      reason: 'noHoursLeft',
    });
    expect(awayStep(overviewEntry(), { kind: 'end' })).toEqual({ kind: 'skip', reason: 'notAway' });
  });

  it('passes on the refusal of a link the overview could not open (a replaced link: 401)', () => {
    const error = { code: 'unauthorized', message: "this link was replaced by the table's admin" };
    expect(awayStep({ tableId: 't1', ok: false, error }, { kind: 'set', hours: 24 })).toEqual({ kind: 'refused', error });
  });
});

describe('worthRetrying', () => {
  it('tries again what may go through later, not what a table refused for good', () => {
    expect(worthRetrying(new ApiError(0, 'network', 'offline'))).toBe(true);
    expect(worthRetrying(new ApiError(429, 'rate_limited', 'too many'))).toBe(true);
    expect(worthRetrying(new ApiError(500, 'internal_error', 'failed'))).toBe(true);
    expect(worthRetrying(new ApiError(409, 'conflict', 'hours changed meanwhile'))).toBe(true);
    expect(worthRetrying(new ApiError(401, 'unauthorized', 'replaced'))).toBe(false);
    expect(worthRetrying(new ApiError(403, 'forbidden', 'a spectator link'))).toBe(false);
    expect(worthRetrying(new ApiError(404, 'not_found', 'gone'))).toBe(false);
  });
});

describe('a 429 tried again', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** What `call` throws for an answer of `status` with these headers. */
  async function refusal(status: number, headers: Record<string, string>): Promise<ApiError> {
    const body = JSON.stringify({ error: { code: 'rate_limited', message: 'too many actions' } });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } })));
    return call('/api/tables/t1/vacation', { method: 'POST', body: '{}' }).then(
      () => expect.unreachable('the call was refused'),
      (error: unknown) => error as ApiError,
    );
  }

  it("waits the answer's Retry-After, within 1 to 60 seconds", async () => {
    const limited = await refusal(429, { 'retry-after': '3' });
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(retryWaitSeconds(limited)).toBe(3);
    expect(retryWaitSeconds(await refusal(429, { 'retry-after': '7200' })), 'not longer than a minute').toBe(60);
    expect(retryWaitSeconds(await refusal(429, { 'retry-after': '0.2' })), 'whole seconds').toBe(1);
  });

  it('waits 10 seconds when a 429 gives no Retry-After, or one that is not a number of seconds', async () => {
    expect(retryWaitSeconds(await refusal(429, {}))).toBe(10);
    expect(retryWaitSeconds(await refusal(429, { 'retry-after': 'Wed, 02 Dec 2026 02:00:00 GMT' }))).toBe(10);
  });
});

describe('eachBounded', () => {
  it('runs every item once, never more than the limit at a time, and keeps the limit busy', async () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachBounded(items, 4, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (item % 3) * 5));
      running--;
      done.push(item);
    });
    expect([...done].sort((a, b) => a - b)).toEqual(items);
    expect(most).toBe(4);
    await eachBounded([], 4, () => Promise.reject(new Error('never called')));
  });
});
