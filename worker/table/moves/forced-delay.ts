/**
 * How long the table waits before it plays a forced card for a seat that opted in
 * (auto-moves.ts). Played at once, the card would tell the other seats that the seat had
 * exactly one legal card, and that it opted in: a human needs a while. So the delay is
 * drawn to look like the seat's own moves at this table (README, "Deadlines, vacations and
 * automatic moves"):
 *
 * - one of the seat's own last SAMPLES response times (storage.ts `responseTimes`: from the
 *   table's last change to its move; the moves made for it left out), picked uniformly;
 * - while it has fewer than MIN_SAMPLES, each missing one is a fallback draw instead,
 *   log-uniform between FLOOR_MS and FALLBACK_MAX_MS (median ≈ 24 s);
 * - times a factor between e^-SPREAD and e^SPREAD, log-uniform, so that no earlier time comes
 *   back to the millisecond; never below FLOOR_MS, the fastest plausible human move.
 *
 * The draw's randomness is a hash of the seat's token hash, which no one else can know, and
 * the table's version: after an eviction the same card is due at the same time, and another
 * seat cannot work out when it will be.
 */
import { sha256 } from '../../../shared/sha256.js';

export const FORCED_DELAY = {
  /** The seat's own moves the delay is drawn from: its latest. */
  samples: 20,
  /** Fewer own moves than this: the missing ones are fallback draws. */
  minSamples: 3,
  /** No forced card sooner than this after the move became owed (ms). */
  floorMs: 2_000,
  /** The fallback's upper end (ms). */
  fallbackMaxMs: 5 * 60_000,
  /** The factor's range, e^±SPREAD: 0.74 to 1.35. */
  spread: 0.3,
} as const;

/** Three numbers in [0, 1) from `secret` and `version` (SHA-256): which sample, the fallback's draw, the factor. */
export function delayDraw(secret: string, version: number): readonly [number, number, number] {
  const digest = new DataView(sha256(new TextEncoder().encode(`forced-delay/${version}/${secret}`)).buffer);
  const at = (i: number): number => digest.getUint32(i * 4) / 2 ** 32;
  return [at(0), at(1), at(2)];
}

/** The delay (ms) for a seat whose own response times are `pool`, newest first, given the `draw`'s three numbers. */
export function forcedDelay(pool: readonly number[], [pick, fallback, factor]: readonly [number, number, number]): number {
  const { minSamples, floorMs, fallbackMaxMs, spread } = FORCED_DELAY;
  const index = Math.floor(pick * Math.max(pool.length, minSamples));
  const base = index < pool.length ? pool[index]! : floorMs * (fallbackMaxMs / floorMs) ** fallback;
  return Math.max(floorMs, Math.round(base * Math.exp((2 * factor - 1) * spread)));
}
