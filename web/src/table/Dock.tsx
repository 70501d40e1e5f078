/**
 * The own seat's place to act: why the last move was refused (where the move was made), the
 * controls legal now, the own hand, and below them what becomes of a move — selected and
 * waiting for a second tap (confirm.ts), or made offline and waiting for the connection. Those
 * notes sit below the hand so that nothing above it moves between the first tap and the second.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { isMoveOwed, type Action } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { keyOf, needsConfirmation, useConfirmSettings, type Armed } from './confirm.js';
import { ARMED_HINT_ID, Controls, Hand, useChoices } from './Controls.js';
import { ActionRefused } from './TableStatus.js';
import type { TableState } from './useTable.js';

function QueuedNote({ table }: { table: TableState }) {
  const { t } = useApp();
  const { queued } = table;
  const note = useRef<HTMLParagraphElement>(null);
  // Where the move was made: the note is brought into view (a phone may have scrolled the controls to its edge).
  useEffect(() => note.current?.scrollIntoView({ block: 'nearest' }), [queued?.state]);
  if (queued === null) return null;
  const what = { what: queued.label };
  const text = { waiting: t('queuedWaiting', what), sending: t('queuedSending', what), dropped: t('queuedDropped', what) }[queued.state];
  return (
    <p ref={note} class={`queued ${queued.state}`} role={queued.state === 'dropped' ? 'alert' : 'status'} data-queued={queued.state}>
      {text}{' '}
      {queued.state === 'sending' ? null : (
        <button type="button" class="link" data-queued-cancel onClick={table.cancelQueued}>
          {queued.state === 'waiting' ? t('queuedCancel') : t('close')}
        </button>
      )}
    </p>
  );
}

export function Dock({
  view,
  table,
  tableId,
  hidden = false,
  loading = false,
}: {
  view: TableView;
  table: TableState;
  tableId: string;
  /** While the game that just ended is shown (until the seat moves on), its next hand and controls wait. */
  hidden?: boolean;
  /** The game that just ended is still being read. */
  loading?: boolean;
}) {
  const { t } = useApp();
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
  const busy = table.pending || table.queued?.state === 'waiting' || table.queued?.state === 'sending';
  const props = { view, act, pending: busy, armed, ...choices };

  return (
    <div class="dock" data-dock ref={dock} hidden={hidden} aria-busy={loading}>
      <ActionRefused table={table} />
      <Controls {...props} />
      <Hand {...props} />
      {view.seat === null ? null : (
        <div class="dock-foot">
          {/* The hint's line is kept while anything is confirmed, so that it appearing moves nothing. */}
          {confirm.every || confirm.announcements ? (
            <p class="armed-hint" id={ARMED_HINT_ID} role="status" data-armed-hint={armed === null ? undefined : ''}>
              {armed === null ? null : (
                <>
                  {t('tapAgain', { what: armed.label })}{' '}
                  <button type="button" class="link" onClick={() => setArmed(null)}>
                    {t('cancelSelection')}
                  </button>
                </>
              )}
            </p>
          ) : null}
          <QueuedNote table={table} />
          <div class="confirm-toggles">
            <label class="toggle confirm-toggle" title={t('confirmMovesHelp')}>
              <input type="checkbox" data-confirm-moves checked={confirm.every} onChange={(e) => setConfirm({ every: e.currentTarget.checked })} />
              {t('confirmMoves')}
            </label>
            {/* Every move confirmed includes the announcements: the narrower choice is offered when it makes a difference. */}
            {confirm.every ? null : (
              <label class="toggle confirm-toggle announcements" title={t('confirmAnnouncementsHelp')}>
                <input
                  type="checkbox"
                  data-confirm-announcements
                  checked={confirm.announcements}
                  onChange={(e) => setConfirm({ announcements: e.currentTarget.checked })}
                />
                {t('confirmAnnouncements')}
              </label>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
