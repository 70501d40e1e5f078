/**
 * One truth for what an action is: the engine's parser (shared/actions.ts parseAction)
 * decides, on every path (the table parses what it is given). The zod ActionSchema checks
 * bodies at the edge and generates the OpenAPI document's `Action`, which describes that
 * parser for other sites and bots; this test holds all three to the same answer over many
 * generated bodies, valid and not (`{"type": "bid", "bid": null}` among them), so that none
 * can drift. The document's schema is read by a JSON Schema 2020-12 validator, as a client's.
 */
import { dereference, validate, type Schema } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, LEVELS } from '../../shared/actions.js';
import { parseAction } from '../../shared/parse-action.js';
import { CARD_CODES, SUITS } from '../../shared/cards.js';
import { builtDocument } from '../../scripts/build/openapi-file.js';
import { ActionSchema } from '../../worker/schemas/index.js';

const document = JSON.parse(JSON.stringify(builtDocument('http://localhost:8787'))) as Schema & { components: { schemas: { Action: Schema } } };
const lookup = dereference(document, Object.create(null), new URL('https://wallachen.test/api/openapi.json'));
const documented = (input: unknown): boolean => validate(input, document.components.schemas.Action, '2020-12', lookup).valid;

const anyValue = fc.oneof(
  fc.constantFrom(...LEVELS, ...CARD_CODES, ...SUITS, 'XX', '', '11', 'Bettel', true, false, null, 0, 6, -1),
  fc.array(fc.constantFrom(...CARD_CODES, 'XX', 7), { maxLength: 3 }),
  fc.string({ maxLength: 4 }),
);

const FIELDS = ['double', 'bid', 'cards', 'contract', 're', 'card', 'knock', 'trump', 'extra'] as const;

/** Bodies near the valid ones: a type (mostly known), some fields with values of every kind. */
const body = fc
  .record({
    type: fc.oneof(fc.constantFrom(...ACTION_TYPES), fc.constantFrom('fold', '', 'Play')),
    fields: fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 3 }),
  })
  .map(({ type, fields }) => ({ type, ...fields }));

/** Valid bodies of every type, so that both sides are tried on acceptances too. */
const valid = fc.oneof(
  fc.boolean().map((double) => ({ type: 'double', double })),
  fc.constantFrom(...LEVELS).map((bid) => ({ type: 'bid', bid })),
  fc.constantFrom(...LEVELS).map((contract) => ({ type: 'declare', contract })),
  // Any two cards: the same card twice is no discard (R6.1 puts 2 cards away).
  fc.array(fc.constantFrom(...CARD_CODES.slice(0, 3)), { minLength: 2, maxLength: 2 }).map((cards) => ({ type: 'discard', cards })),
  fc
    .record({
      card: fc.constantFrom(...CARD_CODES),
      knock: fc.option(fc.boolean(), { nil: undefined }),
      trump: fc.option(fc.constantFrom(...SUITS), { nil: undefined }),
    })
    .map((p) => JSON.parse(JSON.stringify({ type: 'play', ...p }))),
  fc.constantFrom({ type: 'hold' }, { type: 'pass' }, { type: 'kontra' }, { type: 're' }, { type: 're', re: true }, { type: 're', re: false }),
);

describe("the action schema of the API, the document's and the engine parser", () => {
  it('accept and refuse the same bodies (20,000 generated, valid and not)', () => {
    fc.assert(
      fc.property(fc.oneof(body, valid), (input) => {
        const engine = parseAction(input).ok;
        expect(ActionSchema.safeParse(input).success, `zod: ${JSON.stringify(input)}`).toBe(engine);
        expect(documented(input), `document: ${JSON.stringify(input)}`).toBe(engine);
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuse a bid or a contract of null, as the server does', () => {
    for (const input of [
      { type: 'bid', bid: null },
      { type: 'declare', contract: null },
      { type: 'play', card: null },
      { type: 'play', card: 'HK', trump: null },
    ]) {
      expect([parseAction(input).ok, ActionSchema.safeParse(input).success, documented(input)], JSON.stringify(input)).toEqual([false, false, false]);
    }
  });
});
