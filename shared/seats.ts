/** The three seats around the table (R1.2: play and the deal pass clockwise). Small, so the web app can take it without the game. */
import type { Seat } from './options.js';

/** The seat `by` places on clockwise from `seat`. */
export const nextSeat = (seat: Seat, by = 1): Seat => ((seat + by) % 3) as Seat;
