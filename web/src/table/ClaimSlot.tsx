/**
 * R7.12: "Claim the rest", in the place the controls keep for it during play (Controls.tsx):
 * on the line of "Play a card", right above the hand. Part of the later parts
 * (later-parts.ts). Shown whenever the view says the seat may claim (`view.mayClaim`): the
 * server judges the claim from all the seat has seen, the page judges nothing. It says what
 * the claim means for this seat; a first tap asks for a second (whatever the seat's settings:
 * a claim ends the game), the second sends it. A claim the server refuses (illegal_action, R7.12) is said
 * here, in the reader's language, until it is closed or the seat's next move succeeds.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { CLAIM } from '../../../shared/actions.js';
import type { TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { errorText, type ErrorLike, type TextKey, type Translate } from '../i18n.js';
import { isolated, withNames } from '../names.js';
import { seatName } from './format.js';
import type { TableState } from './useTable.js';

/** What the seat claims (R7.12), in words: the declarer, a defender; in bettel and mord the goals turn around. */
function meaningOf(view: Pick<TableView, 'seat' | 'declarer' | 'contract'>): TextKey {
  if (view.seat === view.declarer) return view.contract === 'bettel' ? 'claimMeansNone' : 'claimMeansAll';
  if (view.contract === 'mord') return 'claimMeansDefendersOne';
  return view.contract === 'bettel' ? 'claimMeansDeclarerOne' : 'claimMeansDeclarerNone';
}

/** The server's refusal of a claim in the reader's words: not sure from all the seat has seen, or (a race) another R7.12 refusal. */
const refusalText = (t: Translate, error: ErrorLike): string => (/not sure/.test(error.message) ? t('claimRefused') : errorText(t, error));

const NOTE_ID = 'claim-note';

export function ClaimSlot({ view, table }: { view: TableView; table: TableState }) {
  const { t } = useApp();
  const [armed, setArmed] = useState(false);
  const note = useRef<HTMLParagraphElement>(null);
  // A first tap belongs to the table as it was: any move (anyone's) asks for it again.
  useEffect(() => setArmed(false), [view.version]);
  // The confirmation is read where the claim was tapped: on a phone it may reach below the screen's edge.
  useEffect(() => void (armed && note.current?.scrollIntoView({ block: 'nearest' })), [armed]);
  useEffect(() => {
    if (!armed) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setArmed(false);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [armed]);
  // Every refusal of a claim names its rule (R7.12); ActionRefused leaves them to this place.
  const refused = table.error?.code === 'illegal_action' && table.error.message.startsWith('R7.12') ? table.error : null;
  const busy = table.pending || table.queued?.state === 'waiting' || table.queued?.state === 'sending';
  // Names open in the texts ({name}: the declarer) are put in as isolated names.
  const declarer = { name: view.declarer === null ? '' : seatName(view, view.declarer) };
  const means = t(meaningOf(view));
  // Its parts are items of the controls' line (Controls.tsx): the button after "Play a card",
  // the confirmation and a refusal on lines of their own below it (result.css).
  return (
    <>
      {view.mayClaim ? (
        <button
          type="button"
          class={`action kind-claim${armed ? ' armed' : ''}`}
          disabled={busy}
          data-action="claim"
          data-armed={armed ? '' : undefined}
          aria-describedby={NOTE_ID}
          title={t(meaningOf(view), { name: isolated(declarer.name) })}
          onClick={() => {
            setArmed(!armed);
            if (armed) void table.act(CLAIM, t('claimRest'));
          }}
        >
          <span class="mark" aria-hidden="true">
            ✓
          </span>
          {t('claimRest')}
        </button>
      ) : null}
      {/* What the claim says: read with the button, shown once it is tapped (the second tap sends it). */}
      {view.mayClaim ? (
        <p ref={note} class={`claim-note${armed ? '' : ' visually-hidden'}`} id={NOTE_ID} role="status" data-claim-note={armed ? 'armed' : ''}>
          {armed ? (
            <>
              {withNames(t('claimConfirm', { means }), declarer)}{' '}
              <button type="button" class="link" data-claim-cancel onClick={() => setArmed(false)}>
                {t('cancelSelection')}
              </button>
            </>
          ) : (
            withNames(means, declarer)
          )}
        </p>
      ) : null}
      {refused === null ? null : (
        <p class="error claim-refused" role="alert" data-error data-claim-refused>
          {refusalText(t, refused)}{' '}
          <button type="button" class="link" onClick={table.clearError}>
            {t('close')}
          </button>
        </p>
      )}
    </>
  );
}
