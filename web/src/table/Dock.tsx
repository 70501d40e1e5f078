/**
 * The own seat's place to act: the controls legal now, the own hand, and below them what
 * becomes of a move — selected and waiting for a second tap ("confirm moves"), or made
 * offline and waiting for the connection. Those notes sit below the hand so that nothing
 * above it moves between the first tap and the second.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { isMoveOwed, type Action } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { keyOf, useConfirmSetting, type Armed } from './confirm.js';
import { ARMED_HINT_ID, Controls, Hand, useChoices } from './Controls.js';
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
  const [confirm, setConfirm] = useConfirmSetting(tableId, view.seat);
  const [armed, setArmed] = useState<Armed | null>(null);

  // A selection belongs to the table as it was: any move (anyone's) ends it.
  useEffect(() => setArmed(null), [view.version, confirm]);
  // The knock switch and the trump named are part of the move: changing them asks for a new selection.
  useEffect(() => setArmed(null), [choices.knock, choices.trump]);
  useEffect(() => {
    if (armed === null) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setArmed(null);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [armed]);

  // The dock is not stuck to the screen (it would cover the table): when a move becomes owed,
  // the page scrolls just far enough to show all of it, with the trick above it where it fits.
  const dock = useRef<HTMLDivElement>(null);
  const owesMove = view.legalActions.some(isMoveOwed);
  useEffect(() => {
    const box = dock.current?.getBoundingClientRect();
    if (!owesMove || hidden || box === undefined) return;
    if (box.bottom > innerHeight || box.top < 0) dock.current!.scrollIntoView({ block: box.height > innerHeight ? 'start' : 'end' });
  }, [owesMove, hidden]);

  const act = (action: Action, label: string) => {
    const key = keyOf(action);
    if (confirm && armed?.key !== key) {
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
      <Controls {...props} />
      <Hand {...props} />
      {view.seat === null ? null : (
        <div class="dock-foot">
          {/* The hint's line is kept while "confirm moves" is on, so that it appearing moves nothing. */}
          {confirm ? (
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
          <label class="toggle confirm-toggle" title={t('confirmMovesHelp')}>
            <input type="checkbox" data-confirm-moves checked={confirm} onChange={(e) => setConfirm(e.currentTarget.checked)} />
            {t('confirmMoves')}
          </label>
        </div>
      )}
    </div>
  );
}
