/**
 * R7.12: "Claim the rest", shown only when the claim would be accepted. The engine's own verdict
 * (`claimRefusal` of shared/claims.ts) decides it here from the seat's view alone, as the server
 * will: the page derives no rule. This module, with the claim's search, is a chunk of its own,
 * loaded only when a claim can matter (ClaimSlot.tsx), so the table page's first JavaScript does
 * not carry it. A claim ends the game: it is sent by a second tap, whatever the seat's settings.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { CLAIM } from '../../../shared/actions.js';
import { claimRefusal } from '../../../shared/claims.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import type { TableState } from './useTable.js';

export default function ClaimRest({ view, table }: { view: TableView; table: TableState }) {
  const { t } = useApp();
  // A view is judged once: the search may take a few milliseconds, and a view never changes without a new version.
  const sure = useMemo(() => claimRefusal(view) === null, [view.version, view.seat]);
  const [armed, setArmed] = useState(false);
  useEffect(() => setArmed(false), [view.version]);
  // The verdict is marked even when not sure, so that a test knows the check ran (hidden: nothing to show).
  if (!sure) return <span hidden data-claim="not-sure" />;
  return (
    <div class="choices claim" role="group" data-claim="sure">
      <button
        type="button"
        class={`action kind-claim${armed ? ' armed' : ''}`}
        disabled={table.pending}
        data-action="claim"
        data-armed={armed ? '' : undefined}
        aria-describedby="claim-rest-hint"
        onClick={() => (armed ? void table.act(CLAIM, t('claimRest')) : setArmed(true))}
      >
        <span class="mark" aria-hidden="true">
          ✓
        </span>
        {t('claimRest')}
      </button>
      <p class="hint" id="claim-rest-hint" role={armed ? 'status' : undefined}>
        {t(armed ? 'claimRestConfirm' : 'claimRestHint')}
      </p>
    </div>
  );
}
