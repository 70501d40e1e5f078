/**
 * A seat's moves on its way to the server: sent over the live connection or by POST, the
 * answer shown, a refusal said, and a move made while the server could not be reached kept
 * until the connection is back (QueuedMove). Loaded once the first cards are painted, with the
 * later texts that say what became of a move (useTable waits for it when a move comes first).
 */
import type { Action } from '../../../shared/actions.js';
import { ApiError, fetchView, type TableView } from '../api.js';
import { newActionId, sendAction, type SentAction } from '../api-later.js';
import type { LiveTable } from '../live.js';

/**
 * A move made while the server could not be reached. It waits, and is sent again with the
 * same id (so the server applies it at most once) when the live connection is back — unless
 * the table moved on meanwhile: a move chosen on an older table is not sent.
 */
export interface QueuedMove {
  /** The move in words. */
  readonly label: string;
  /** waiting: for the connection; sending: it is back, the move is on its way; dropped: not sent, the table moved on. */
  readonly state: 'waiting' | 'sending' | 'dropped';
}

/** What the moves need of the table page's state (useTable). */
export interface MovesHost {
  readonly tableId: string;
  readonly token: string;
  readonly live: () => LiveTable | null;
  /** The view now shown. */
  readonly shown: () => TableView | null;
  readonly accept: (view: TableView) => void;
  readonly setPending: (pending: boolean) => void;
  readonly setError: (error: ApiError | null) => void;
  readonly setQueued: (queued: QueuedMove | null) => void;
}

/**
 * Whether a move that waited for the connection still stands on the table `now`: when the
 * table has not moved since it was chosen, or when it is a seat's doubling decision the view
 * still offers (API.md: the server takes a seat's first double in the window whatever the
 * others decided meanwhile, R3.1: it depends on nobody else's move).
 */
function stillStands(move: SentAction, now: TableView): boolean {
  if (now.version === move.version) return true;
  return move.type === 'double' && now.legalActions.some((a) => a.type === 'double' && a.double === move.double);
}

/** Refusals that mean the table is not where the move was chosen: someone else moved first. */
const MOVED_ON = new Set(['stale_version', 'not_your_turn', 'illegal_action']);

export class Moves {
  /** The move waiting for the connection. */
  private waiting: { sent: SentAction; label: string } | null = null;

  constructor(private readonly host: MovesHost) {}

  /** Sends `action`, chosen on the view of `version`; `label` (the move in words) lets a move made offline wait for the connection. */
  act(action: Action, version: number, label: string | undefined): Promise<void> {
    this.waiting = null;
    this.host.setQueued(null);
    return this.deliver({ ...action, id: newActionId(), version }, label, false);
  }

  /** A newer view is shown: a waiting move chosen for a table that has moved on since is not sent. */
  viewShown(view: TableView): void {
    if (this.waiting === null || stillStands(this.waiting.sent, view)) return;
    this.host.setQueued({ label: this.waiting.label, state: 'dropped' });
    this.waiting = null;
  }

  /** The connection is back: the waiting move goes, with its id, if the table is still where it was chosen. */
  sendWaiting(): void {
    const move = this.waiting;
    if (move === null) return;
    this.waiting = null;
    const shown = this.host.shown();
    if (shown !== null && !stillStands(move.sent, shown)) {
      this.host.setQueued({ label: move.label, state: 'dropped' });
      return;
    }
    this.host.setQueued({ label: move.label, state: 'sending' });
    void this.deliver(move.sent, move.label, true);
  }

  /** Forgets the move waiting for the connection (or the note that it was not sent). */
  cancel(): void {
    this.waiting = null;
    this.host.setQueued(null);
  }

  private async deliver(sent: SentAction, label: string | undefined, again: boolean): Promise<void> {
    const { host } = this;
    host.setPending(true);
    try {
      host.accept(await (host.live()?.act(sent) ?? sendAction(host.tableId, host.token, sent)));
      host.setError(null);
      if (again) host.setQueued(null);
    } catch (err) {
      const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
      if (failure.code === 'network' && label !== undefined) {
        this.waiting = { sent, label };
        host.setQueued({ label, state: 'waiting' });
      } else if (again && MOVED_ON.has(failure.code)) {
        host.setQueued({ label: label ?? '', state: 'dropped' });
      } else {
        if (again) host.setQueued(null);
        host.setError(failure);
      }
      // Someone else moved first (or the answer was lost): show the table as it is now.
      if (MOVED_ON.has(failure.code)) fetchView(host.tableId, host.token).then(host.accept, () => {});
    } finally {
      host.setPending(false);
    }
  }
}
