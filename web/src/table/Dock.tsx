/**
 * The own seat's place to act: why the last move was refused (where the move was made), the
 * controls legal now (during play with "Claim the rest", R7.12), the own hand, and below them
 * what becomes of a move — selected and waiting for a second tap (confirm.ts), or made offline and waiting for the connection. Those
 * notes sit below the hand so that nothing above it moves between the first tap and the second.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { isMoveOwed, type Action } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { keyOf, needsConfirmation, useConfirmSettings, type Armed } from './confirm.js';
import { useChoices } from './choices.js';
import { Controls, Hand } from './Controls.js';
import { DockFoot } from './DockFoot.js';
import { ActionRefused } from './TableStatus.js';
import type { TableState } from './useTable.js';

export function Dock({
  view,
  table,
  tableId,
  hidden = false,
  loading = false,
  claim,
}: {
  view: TableView;
  table: TableState;
  tableId: string;
  /** While the game that just ended is shown (until the seat moves on), its next hand and controls wait. */
  hidden?: boolean;
  /** The game that just ended is still being read. */
  loading?: boolean;
  /**
   * "Claim the rest" (R7.12), a part loaded after the first cards (null until then): the table
   * page's only, not the embed's. The controls' line keeps its place during the whole play of
   * a seat, from the first paint on (Controls.tsx), so that nothing moves when it comes.
   */
  claim?: ComponentChildren;
}) {
  const choices = useChoices();
  const [confirm, setConfirm] = useConfirmSettings(tableId, view.seat);
  const [armed, setArmed] = useState<Armed | null>(null);

  // A selection belongs to the table as it was: any move (anyone's) ends it.
  useEffect(() => setArmed(null), [view.version, confirm.every, confirm.announcements]);
  // The knock switch and the trump named are part of the move: changing them asks for a new selection.
  useEffect(() => setArmed(null), [choices.knock, choices.trump]);
  useEffect(() => {
    if (armed === null) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setArmed(null);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [armed]);

  // The dock is not stuck to the screen (it would cover the table): when a move becomes owed
  // and the dock is not all in view (a phone), the page scrolls just far enough to show it,
  // with the trick above it where it fits. Not while the admin holds the table: nothing can be
  // played then, and the notice saying so is at the top.
  const dock = useRef<HTMLDivElement>(null);
  const owesMove = view.legalActions.some(isMoveOwed) && !view.paused && !view.ended;
  useEffect(() => {
    const box = dock.current?.getBoundingClientRect();
    if (!owesMove || hidden || box === undefined) return;
    if (box.bottom > innerHeight || box.top < 0) dock.current!.scrollIntoView({ block: box.height > innerHeight ? 'start' : 'end' });
  }, [owesMove, hidden]);

  const act = (action: Action, label: string) => {
    const key = keyOf(action);
    if (needsConfirmation(confirm, action) && armed?.key !== key) {
      setArmed({ key, label, action });
      return;
    }
    setArmed(null);
    void table.act(action, label);
  };
  const claimPlace = claim !== undefined && view.seat !== null && view.phase === 'play' && view.options.claims;
  const busy = table.pending || table.queued?.state === 'waiting' || table.queued?.state === 'sending';
  const props = { view, act, pending: busy, armed, ...choices };
  const controls = { ...props, claim: claimPlace ? claim : undefined };

  return (
    <div class="dock" data-dock ref={dock} hidden={hidden} aria-busy={loading}>
      {/* A refused claim is said beside the claim (ClaimSlot.tsx). */}
      <ActionRefused table={table} claims={claimPlace} />
      <Controls {...controls} />
      <Hand {...props} />
      {view.seat === null ? null : <DockFoot table={table} confirm={confirm} setConfirm={setConfirm} armed={armed} disarm={() => setArmed(null)} />}
    </div>
  );
}
