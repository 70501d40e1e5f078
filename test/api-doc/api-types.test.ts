/**
 * The typed client of the API (API.md "The OpenAPI document"): scripts/generated/api-types.ts is what
 * openapi-typescript generates from the document of this revision, and what a client reads
 * through those types is what the engine and the web app know, without a cast: the reference
 * bot (scripts/dev/bot.ts) keeps the views it reads by openapi-fetch as its memory, and sends a
 * legal action back as it was offered. The type checks below are made by `npm run typecheck`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { SeriesView } from '../../shared/view.js';
import type { AdminView, TableSummary, TableView } from '../../worker/model/contract.js';
import type { components } from '../../scripts/generated/api-types.js';
import { API_TYPES_FILE, apiTypes } from '../../scripts/build/openapi-types.js';

type Schemas = components['schemas'];

describe('the generated client types', () => {
  it("are what openapi-typescript generates from this revision's document (else: npm run api:types)", async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await apiTypes());
  });

  it("read an answer as the engine's and the web app's types", () => {
    expectTypeOf<Schemas['View']>().toExtend<TableView>();
    expectTypeOf<Schemas['View']>().toExtend<SeriesView>();
    expectTypeOf<Schemas['AdminView']>().toExtend<AdminView>();
    expectTypeOf<Schemas['TableSummary']>().toExtend<TableSummary>();
    expectTypeOf<Schemas['View']['seat']>().toEqualTypeOf<0 | 1 | 2 | null>();
  });

  it('send an offered action back as it is, and any action of the engine but a discard (its cards a readonly pair there)', () => {
    expectTypeOf<Exclude<Schemas['OfferedAction'], Schemas['DiscardOffer']>>().toExtend<Schemas['Action']>();
    expectTypeOf<Exclude<Action, { type: 'discard' }>>().toExtend<Schemas['Action']>();
    expectTypeOf<Schemas['Action']>().not.toExtend<{ type: 'bid'; bid: null }>();
  });
});
