/**
 * `npm run bot -- <seat link>`: plays one seat of any table (local or deployed) with the
 * strong bot, over the public API only (API.md): the reference client for people writing
 * their own bots. It keeps a WebSocket (`GET …/ws`) open and acts over it; when the socket
 * cannot be opened or drops, it falls back to polling `GET` and acting by `POST`, and tries
 * the socket again. Its memory is what it was shown, as a person's would be: the views of
 * the current game it received, oldest first (shared/bots, docs/engine.md). It exits when
 * the series is over.
 *
 * Its HTTP calls go through openapi-fetch with the types openapi-typescript generated from
 * the OpenAPI document (scripts/generated/api-types.ts), as any client generated from /api/openapi.json
 * makes them: a view read or answered is the engine's view by its type, without a cast. The
 * socket's messages are typed by worker/model/contract.ts (ServerMessage).
 *
 * Options: --seed <n> for a reproducible bot (default: random); --quiet.
 */
import createClient from 'openapi-fetch';
import type { Action } from '../../shared/actions.js';
import { seededRng } from '../../shared/bots.js';
import { chooseAction } from '../../shared/bots/index.js';
import type { SeriesView } from '../../shared/view.js';
import type { ClientMessage, ServerMessage, TableView } from '../../worker/model/contract.js';
import type { components, paths } from '../generated/api-types.js';

const args = process.argv.slice(2);
const link = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--seed');
if (link === undefined) {
  console.error('usage: npm run bot -- <seat link> [--seed <n>] [--quiet]\n  e.g. npm run bot -- "http://localhost:8787/t/abc123#token"');
  process.exit(2);
}
const seedArg = args.indexOf('--seed');
const rng = seededRng(seedArg >= 0 ? Number(args[seedArg + 1]) : Math.floor(Math.random() * 2 ** 32));
const quiet = args.includes('--quiet');

const url = new URL(link);
const match = /^\/t\/([^/]+)$/.exec(url.pathname);
const token = url.hash.slice(1);
if (match === null || token === '') {
  console.error(`not a seat link (expected https://host/t/<table id>#<token>): ${link}`);
  process.exit(2);
}
const tableId = match[1]!;
const api = `${url.origin}/api/tables/${tableId}`;
const client = createClient<paths>({ baseUrl: url.origin, headers: { authorization: `Bearer ${token}` } });
const table = { params: { path: { id: tableId } } };
const say = (text: string) => quiet || console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

/** The views of the current game as received, oldest first: the bot's memory. */
let memory: SeriesView[] = [];
let lastVersion = -1;
/** The version an action was sent for: nothing more is sent until a newer view arrives. */
let sentFor = -1;
let finished: () => void = () => {};
const done = new Promise<void>((resolve) => (finished = resolve));

/** Takes a view in (from a push, an answer or a GET): remembers it, and answers the action to send now, if any. */
function received(view: TableView): Action | null {
  if (view.seat === null) {
    console.error('this is the spectator link: give a seat link');
    process.exit(2);
  }
  if (view.version <= lastVersion) return null;
  lastVersion = view.version;
  const previous = memory.at(-1);
  // A new game (or a redeal) starts a new memory: the contract's "since the current game was dealt".
  if (previous !== undefined && (previous.gameNumber !== view.gameNumber || previous.redeal !== view.redeal)) memory = [];
  memory.push(view);
  if (view.seriesOver) {
    say(`the series is over; balance ${view.seats[view.seat]!.balance}`);
    finished();
    return null;
  }
  if (sentFor === view.version) return null;
  const action = chooseAction('strong', { views: memory }, rng);
  if (action === null) return null;
  sentFor = view.version;
  say(`game ${view.gameNumber}, version ${view.version}: ${JSON.stringify(action)}`);
  return action;
}

async function getView(): Promise<TableView> {
  const { data, error, response } = await client.GET('/api/tables/{id}', table);
  if (data === undefined) throw new Error(`GET ${api}: ${response.status} ${error?.error.message}`);
  return data;
}

/** The body of POST …/actions: the bot's action with a client id and the version it was decided on (a discard's two cards as a list). */
function actionBody(action: Action, version: number): components['schemas']['Action'] {
  const envelope = { id: crypto.randomUUID(), version };
  return action.type === 'discard' ? { type: 'discard', cards: [...action.cards], ...envelope } : { ...action, ...envelope };
}

/** POST …/actions with the version it was decided on: a stale one is refused (409) and the next view decides again. */
async function post(action: Action, version: number): Promise<void> {
  const { data, error, response } = await client.POST('/api/tables/{id}/actions', { ...table, body: actionBody(action, version) });
  if (data !== undefined) return void next(received(data));
  const refusal = `${response.status} ${error?.error.code}: ${error?.error.message}`;
  if (response.status === 403 || response.status === 404) throw new Error(`POST ${api}/actions: ${refusal}`);
  say(`refused (${refusal}); reading the table again`);
  sentFor = -1;
  if (response.status === 429) await new Promise((r) => setTimeout(r, 10_000));
  lastVersion = -1;
  next(received(await getView()));
}

let socket: WebSocket | null = null;

/** Sends `action` over the socket when it is open, else by POST. */
function next(action: Action | null): void {
  if (action === null) return;
  const version = lastVersion;
  if (socket !== null && socket.readyState === 1 /* OPEN */) {
    socket.send(JSON.stringify({ type: 'action', action: { ...action, id: crypto.randomUUID(), version } } satisfies ClientMessage));
  } else {
    post(action, version).catch(fail);
  }
}

function fail(error: unknown): void {
  console.error(String(error));
  process.exit(1);
}

/** Opens the socket; answers false when it could not be opened (then the caller polls). */
function connect(): Promise<boolean> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${api.replace(/^http/, 'ws')}/ws`, ['wallachen', `bearer.${token}`]);
    } catch {
      // A runtime without WebSocket, or a URL it refuses: GET and POST still play.
      resolve(false);
      return;
    }
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
      socket = ws;
      say('connected by WebSocket');
      resolve(true);
    });
    ws.addEventListener('message', (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.type === 'view') next(received(message.view));
      else if (message.type === 'answer') {
        if (message.status === 200 && 'view' in message) next(received(message.view));
        else if ('error' in message) {
          say(`refused (${message.status}): ${message.error.message}; asking for the view again`);
          sentFor = -1;
          lastVersion = -1;
          ws.send(JSON.stringify({ type: 'view' }));
        }
      } else if (message.type === 'error') say(`server: ${message.error.message}`);
    });
    ws.addEventListener('close', () => {
      socket = null;
      if (!opened) resolve(false);
      else say('the WebSocket closed; going on by POST');
    });
  });
}

/** Without a socket: GET every couple of seconds, act by POST, and try the socket again now and then. */
async function poll(): Promise<void> {
  for (let round = 0; ; round++) {
    if (socket === null) {
      next(received(await getView()));
      if (round % 10 === 9 && (await connect())) continue;
    }
    await Promise.race([done, new Promise((r) => setTimeout(r, 2_000))]);
    if (memory.at(-1)?.seriesOver) return;
  }
}

say(`playing table ${tableId} at ${url.origin}`);
if (!(await connect())) say('no WebSocket; playing by GET and POST');
await Promise.race([done, poll()]);
(socket as WebSocket | null)?.close(1000, 'series over');
process.exit(0);
