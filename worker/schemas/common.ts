/** The schemas' common parts: a card, a seat, a level, the error shape, and the helpers that make the OpenAPI document say what is meant. */
import { z } from '@hono/zod-openapi';
import { LEVELS } from '../../shared/actions.js';
import { CARD_CODES, SUITS, type CardCode } from '../../shared/cards.js';

/** The most vacation a table may give each seat per series: two weeks. */
export const MAX_VACATION_HOURS = 336;

/**
 * `schema`, or null. A named schema made `.nullable()` comes out of the generator either as
 * `allOf: [{$ref}, {type: [..., "null"]}]`, which no null passes, or with the named schema
 * itself made nullable wherever it is used; this is written `anyOf: [{$ref}, {type: "null"}]`,
 * as a client's validator and type generator read it. (Through z.lazy: the generator spreads
 * a union that is an option of another union into it, and the named one would be lost.)
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([z.lazy(() => schema), z.null()]);

/**
 * A named schema with a description of its own where it is used: written `{$ref, description}`,
 * as OpenAPI 3.1 allows. (`.openapi({description})` on the named schema itself comes out as
 * `allOf` with a schema of nothing but the description, `Suit & unknown` in a generated
 * client, or, where the schema is met first, as the named schema's own description.)
 */
export const described = <T extends z.ZodType>(schema: T, description: string) => z.lazy(() => schema).openapi({ description });

export const Card = z
  .enum(CARD_CODES as [CardCode, ...CardCode[]])
  .openapi('Card', { description: 'Suit E G H S + rank A K O U 10 9 8 7, e.g. "H10"' });
export const Level = z.enum(LEVELS).openapi('Level', { description: 'A bid or contract, low to high; "10" only with tenTrickBid' });
export const Suit = z.enum(SUITS).openapi('Suit', { description: 'Eichel, Gras, Herz, Schellen' });
/** A seat, 0–2: an enum rather than a range, so that a generated client's type is the engine's Seat (0 | 1 | 2). */
export const SeatNumber = z.enum({ first: 0, second: 1, third: 2 } as const).openapi('Seat', { description: 'Seats 0, 1, 2, clockwise (R1.2)' });

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'illegal_action' }),
      message: z.string().openapi({ example: 'R7.5: you must overtrump' }),
    }),
  })
  .openapi('Error');
