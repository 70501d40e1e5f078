/**
 * R7.12: where "Claim the rest" comes on the controls' line during a seat's play (Controls.tsx).
 * The control itself is a part loaded after the first cards (ClaimSlot.tsx, in
 * later-parts.ts); until it comes, its button's size is held here, unseen, so that nothing
 * moves when it comes.
 */
import type { ComponentChildren } from 'preact';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';

/** `claim`: the later part, or null while it is on its way. */
export function ClaimPlace({ view, claim }: { view: Pick<TableView, 'mayClaim'>; claim: ComponentChildren }) {
  const { t } = useApp();
  return (
    <div class="claim-place" data-claim-place>
      {claim ??
        (view.mayClaim ? (
          <button type="button" class="action kind-claim claim-held" disabled tabIndex={-1}>
            <span class="mark">✓</span>
            {t('claimRest')}
          </button>
        ) : null)}
    </div>
  );
}
