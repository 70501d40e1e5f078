/**
 * The solver's transposition table: bounds on the declarer's remaining tricks for positions
 * at the start of a trick, keyed on the three hands, the seat on lead and the search's
 * context (declarer, contract kind, trump, win duty). Typed arrays, two slots per bucket,
 * no allocation after the first use.
 */

const BUCKET_BITS = 16;
const SLOTS = 2 << BUCKET_BITS;

let hand0: Int32Array | null = null;
let hand1 = new Int32Array(0);
let hand2 = new Int32Array(0);
/** Per slot: the key's context and leader (bits 0–11), the search generation (bits 12–27). */
let tag = new Int32Array(0);
/** Per slot: lower bound (bits 0–3), upper bound (4–7), best card + 1 (8–13), cards left (14–17). */
let data = new Int32Array(0);
let generation = 1;

function ensureAllocated(): void {
  if (hand0 !== null) return;
  hand0 = new Int32Array(SLOTS);
  hand1 = new Int32Array(SLOTS);
  hand2 = new Int32Array(SLOTS);
  tag = new Int32Array(SLOTS);
  data = new Int32Array(SLOTS);
}

/** Starts a new search generation: older entries stay readable but are the first to be replaced. */
export function newGeneration(): void {
  ensureAllocated();
  generation = (generation + 1) & 0xffff || 1;
}

function bucketOf(h0: number, h1: number, h2: number, key: number): number {
  let h =
    Math.imul(h0 ^ (h0 >>> 13), 0x9e3779b1) ^
    Math.imul(h1 ^ (h1 >>> 11), 0x85ebca77) ^
    Math.imul(h2 ^ (h2 >>> 7), 0xc2b2ae3d) ^
    Math.imul(key, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h & ((1 << BUCKET_BITS) - 1)) << 1;
}

/** The slot holding this position, or -1. `key` is context and leader, below 4096. */
export function probe(h0: number, h1: number, h2: number, key: number): number {
  const bucket = bucketOf(h0, h1, h2, key);
  for (let slot = bucket; slot < bucket + 2; slot++) {
    if ((tag[slot]! & 0xfff) === key && hand0![slot] === h0 && hand1[slot] === h1 && hand2[slot] === h2 && tag[slot] !== 0) return slot;
  }
  return -1;
}

export const lowerOf = (slot: number): number => data[slot]! & 15;
export const upperOf = (slot: number): number => (data[slot]! >> 4) & 15;
export const bestOf = (slot: number): number => ((data[slot]! >> 8) & 63) - 1;

/**
 * Records bounds for a position (merged with what is known of it). A new position takes the
 * slot of an older generation first, else the one with fewer cards left (cheaper to redo).
 */
export function store(h0: number, h1: number, h2: number, key: number, cardsLeft: number, lower: number, upper: number, best: number): void {
  const bucket = bucketOf(h0, h1, h2, key);
  let slot = -1;
  for (let s = bucket; s < bucket + 2; s++) {
    if ((tag[s]! & 0xfff) === key && hand0![s] === h0 && hand1[s] === h1 && hand2[s] === h2 && tag[s] !== 0) {
      slot = s;
      lower = Math.max(lower, lowerOf(s));
      upper = Math.min(upper, upperOf(s));
      if (best < 0) best = bestOf(s);
      break;
    }
  }
  if (slot < 0) {
    const a = bucket;
    const b = bucket + 1;
    const staleA = tag[a]! >>> 12 !== generation;
    const staleB = tag[b]! >>> 12 !== generation;
    if (staleA !== staleB) slot = staleA ? a : b;
    else slot = ((data[a]! >> 14) & 15) <= ((data[b]! >> 14) & 15) ? a : b;
  }
  hand0![slot] = h0;
  hand1[slot] = h1;
  hand2[slot] = h2;
  tag[slot] = key | (generation << 12);
  data[slot] = lower | (upper << 4) | ((best + 1) << 8) | (cardsLeft << 14);
}
