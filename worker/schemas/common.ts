/**
 * The schemas' common parts: a card, a seat, a level, the error shape, and the helpers that
 * make the OpenAPI document say what is meant.
 *
 * The schemas are written in zod's mini build (`zod/mini`: functions and `.check(…)` rather
 * than methods), which is what the Worker validates requests with: a tenth of the size of the
 * full build. The OpenAPI document is made from these same modules at build time
 * (worker/docs/document.ts), where `zod/mini` resolves to the full build with
 * zod-to-openapi (worker/docs/zod-full.ts): one definition per shape, two builds of zod.
 */
import en from 'zod/v4/locales/en.js';
import * as z from 'zod/mini';
import { LEVELS } from '../../shared/actions.js';
import { CARD_CODES, SUITS, type CardCode } from '../../shared/cards.js';

// The mini build carries no messages of its own: the full build's English ones, which name what is wrong.
z.config(en());

/** What the OpenAPI document says of a schema: a component's name, a description, an example, a parameter's place… */
interface Documentation {
  readonly description?: string;
  readonly example?: unknown;
  readonly param?: { readonly name: string; readonly in: 'path' | 'query' };
  readonly [keyword: string]: unknown;
}

type Documentable<T> = T & { openapi?: (...args: unknown[]) => T };

/**
 * `schema` as the document shows it: named `name` (a component), with `documentation`.
 * The Worker's mini build keeps none of it: `schema` itself is returned. When the document is
 * made, zod's full build with zod-to-openapi's `openapi` is loaded instead, which records it.
 * Written `doc(schema, 'Name', OPENAPI_PROSE && {…})`: the Worker's bundle (OPENAPI_PROSE false,
 * worker/env.d.ts) leaves the prose out, as the routes' does.
 */
export function doc<T extends z.ZodMiniType>(schema: T, documentation: Documentation | false): T;
export function doc<T extends z.ZodMiniType>(schema: T, name: string, documentation?: Documentation | false): T;
export function doc<T extends z.ZodMiniType>(schema: T, ...args: [Documentation | false] | [string, (Documentation | false)?]): T {
  const documentable = schema as Documentable<T>;
  return documentable.openapi === undefined ? schema : documentable.openapi(...args.filter((arg) => arg !== undefined && arg !== false));
}

/**
 * The query parameter `name`: how many at most, a whole number from 1 to `max` (`fallback` when
 * absent), checked as text, so "1e3", "5.0" or " 5" are refused; anything else 400.
 */
export function countParam(name: string, max: number, fallback: number, what: string) {
  const message = `must be a whole number from 1 to ${max}`;
  return doc(
    z.optional(
      z.string().check(
        z.regex(/^\d{1,9}$/, message),
        z.refine((text) => Number(text) >= 1 && Number(text) <= max, message),
      ),
    ),
    OPENAPI_PROSE && {
      param: { name, in: 'query' },
      type: 'integer',
      minimum: 1,
      maximum: max,
      default: fallback,
      description: `How many ${what} at most: default ${fallback}, maximum ${max} (larger is refused with 400)`,
      example: fallback,
    },
  );
}

/** A whole number, with the checks given (z.gte, z.lte): the full build's `z.number().int()`. */
export const int = (...checks: Parameters<z.ZodMiniNumber['check']>) => z.number().check(z.int(), ...checks);

/**
 * `schema`, or null. A named schema made nullable comes out of the generator either as
 * `allOf: [{$ref}, {type: [..., "null"]}]`, which no null passes, or with the named schema
 * itself made nullable wherever it is used; this is written `anyOf: [{$ref}, {type: "null"}]`,
 * as a client's validator and type generator read it. (Through z.lazy: the generator spreads
 * a union that is an option of another union into it, and the named one would be lost.)
 */
export const orNull = <T extends z.ZodMiniType>(schema: T) => z.union([z.lazy(() => schema), z.null()]);

/**
 * A named schema with a description of its own where it is used: written `{$ref, description}`,
 * as OpenAPI 3.1 allows. (A description on the named schema itself comes out as `allOf` with a
 * schema of nothing but the description, `Suit & unknown` in a generated client, or, where the
 * schema is met first, as the named schema's own description.)
 */
export const described = <T extends z.ZodMiniType>(schema: T, description: string | false) =>
  doc(
    z.lazy(() => schema),
    OPENAPI_PROSE && description !== false && { description },
  );

export const Card = doc(
  z.enum(CARD_CODES as [CardCode, ...CardCode[]]),
  'Card',
  OPENAPI_PROSE && { description: 'Suit E G H S + rank A K O U 10 9 8 7, e.g. "H10"' },
);
export const Level = doc(z.enum(LEVELS), 'Level', OPENAPI_PROSE && { description: 'A bid or contract, low to high; "10" only with tenTrickBid' });
export const Suit = doc(z.enum(SUITS), 'Suit', OPENAPI_PROSE && { description: 'Eichel, Gras, Herz, Schellen' });
/** A seat, 0–2: an enum rather than a range, so that a generated client's type is the engine's Seat (0 | 1 | 2). */
export const SeatNumber = doc(
  z.enum({ first: 0, second: 1, third: 2 } as const),
  'Seat',
  OPENAPI_PROSE && { description: 'Seats 0, 1, 2, clockwise (R1.2)' },
);

export const ErrorSchema = doc(
  z.object({
    error: z.object({
      code: doc(z.string(), OPENAPI_PROSE && { example: 'illegal_action' }),
      message: doc(z.string(), OPENAPI_PROSE && { example: 'R7.5: you must overtrump' }),
    }),
  }),
  'Error',
);
