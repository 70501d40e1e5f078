/**
 * Which of a reply's own lines (reply-text.ts) is its move (API.md "Mail", Moves by reply):
 * the first that says one, read by shared/move-text.ts (readMoveLine). Lines with no move in
 * them (a greeting: "Hallo Sepp,", "Servus"; a sentence: "I'll be back on the 7th") are passed
 * over, and so is the attribution line ("On … wrote:", "Am … schrieb …:"), whose dates are
 * numbers. The first line that holds a move decides: the move, when the line is the move and
 * nothing else; otherwise the reply is refused with that line quoted ("HK bitte", "HK oder
 * pass", "HK?"), and no line below it is read, so that nothing is taken from a line that was
 * not meant as the move alone.
 */
import { NOT_A_MOVE, readMoveLine } from '../../shared/move-text.js';
import { badRequest, ok } from '../../shared/result.js';
import type { ParsedReply } from './parsed-reply.js';
import { isAttribution } from './reply-text.js';

/** The move of the first of `lines` that holds one, or its refusal; when none holds one, the refusal of the first that is not an attribution. */
export function moveOfLines(lines: readonly string[]): Pick<ParsedReply, 'move' | 'line'> {
  for (const line of lines) {
    if (isAttribution(line)) continue;
    const reading = readMoveLine(line);
    if (reading.kind === 'move') return { move: ok(reading.move), line };
    if (reading.kind === 'unclear') return { move: badRequest(reading.reason), line };
  }
  return { move: badRequest(NOT_A_MOVE), line: lines.find((own) => !isAttribution(own)) ?? null };
}
