/**
 * What a seat sets for itself at its table (API.md, "Deadlines"): a vacation that stops its
 * own clock, and whether its forced cards are played for it at once. Both are the seat's
 * own: a spectator link, a bot seat's link and the admin link are refused with 403.
 */
import { Hono } from 'hono/tiny';
import { ACTIONS, unwrap, viewAnswer, type TableEnv, atTable } from './chain.js';
import { DEFAULT_VACATION_HOURS, MAX_VACATION_HOURS } from '../../shared/deadline.js';
import { PreferencesSchema, VacationSchema, ViewSchema } from '../schemas/index.js';
import { errors, json, refusal, security, TableParams, defineRoute, openapi } from './documented.js';

export const seatSettings = new Hono<TableEnv>();

// ---------------------------------------------------------------- POST /api/tables/{id}/vacation

const postVacation = defineRoute({
  method: 'post',
  path: '/api/tables/{id}/vacation',
  operationId: 'takeVacation',
  ...(OPENAPI_PROSE && {
    summary: 'Take a vacation',
    description:
      "Stops this seat's move clock (option moveDeadlineHours) for `hours` whole hours from now: no reminder and no automatic move for it meanwhile, " +
      'and its deadline moves by the time it was away. Every seat sees it (`seats[i].vacationUntil`, `vacationHoursLeft`). ' +
      `A seat has option vacationHours (default ${DEFAULT_VACATION_HOURS}, at most ${MAX_VACATION_HOURS}) per series. A new vacation while one runs takes its place: ` +
      'the running one ends now and gives back its whole hours not yet begun, the new one is charged in full. ' +
      '`{"hours": 0}` ends the running vacation the same way (10 hours ended after 3 h 20 min are charged 4) and changes nothing without one. ' +
      'More hours than are left, or a vacation after the series is over, are refused with 409 conflict. ' +
      "Counted against the same limit as the link's actions.",
  }),
  security,
  request: { params: TableParams, body: { ...json(VacationSchema), required: true } },
  responses: {
    200: { description: "The caller's new view", ...json(ViewSchema) },
    ...errors(400, 401, 403, 404, 413, 415, 429),
    409: refusal(409, 'conflict: more hours than this seat has left this series, or the series is over'),
  },
});

openapi(
  seatSettings,
  postVacation,
  atTable(postVacation, { needs: 'seat', limit: ACTIONS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    return viewAnswer(c, unwrap(await table.vacation(tokenHash, c.req.valid('json').hours)));
  }),
);

// ---------------------------------------------------------------- PUT /api/tables/{id}/preferences

const putPreferences = defineRoute({
  method: 'put',
  path: '/api/tables/{id}/preferences',
  operationId: 'setPreferences',
  ...(OPENAPI_PROSE && {
    summary: "Set the seat's preferences",
    description:
      '`autoForced: true`: whenever this seat owes a move and all it may do is play one card (no knock, no kontra, no trump to name: those are choices), ' +
      "the table plays that card for it, after a delay drawn from the seat's own last 20 response times at the table (times 0.74–1.35, at least 2 s; " +
      'while it has fewer than 3, log-uniform between 2 s and 5 min fills in), so that its timing does not tell the others that it was forced; ' +
      'should the deadline come first, the move is a timeout. ' +
      "The card is marked `auto: true` in the seat's own view and, once the game is over, in every view and the record; others see an ordinary move until then. " +
      "Off by default; the view shows the caller's own choice as `autoForced`, and nobody else is told. " +
      "Counted against the same limit as the link's actions.",
  }),
  security,
  request: { params: TableParams, body: { ...json(PreferencesSchema), required: true } },
  responses: { 200: { description: "The seat's preferences", ...json(PreferencesSchema) }, ...errors(400, 401, 403, 404, 413, 415, 429) },
});

openapi(
  seatSettings,
  putPreferences,
  atTable(putPreferences, { needs: 'seat', limit: ACTIONS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    return c.json(unwrap(await table.setPreferences(tokenHash, c.req.valid('json').autoForced)), 200);
  }),
);
