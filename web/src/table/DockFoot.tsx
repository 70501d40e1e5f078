/**
 * Below the own hand: what becomes of a move — selected and waiting for a second tap
 * (confirm.ts), or made offline and waiting for the connection — and the switches that choose
 * which moves need the second tap. These notes sit below the hand so that nothing above it
 * moves between the first tap and the second.
 */
import { useEffect, useRef } from 'preact/hooks';
import { useApp } from '../app-context.js';
import type { Armed, ConfirmSettings } from './confirm.js';
import { ARMED_HINT_ID } from './Controls.js';
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

export function DockFoot({
  table,
  confirm,
  setConfirm,
  armed,
  disarm,
}: {
  table: TableState;
  confirm: ConfirmSettings;
  setConfirm: (change: Partial<ConfirmSettings>) => void;
  armed: Armed | null;
  disarm: () => void;
}) {
  const { t } = useApp();
  return (
    <div class="dock-foot">
      {/* The hint's line is kept while anything is confirmed, so that it appearing moves nothing. */}
      {confirm.every || confirm.announcements ? (
        <p class="armed-hint" id={ARMED_HINT_ID} role="status" data-armed-hint={armed === null ? undefined : ''}>
          {armed === null ? null : (
            <>
              {t('tapAgain', { what: armed.label })}{' '}
              <button type="button" class="link" onClick={disarm}>
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
  );
}
