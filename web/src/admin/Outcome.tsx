/**
 * What the admin's last command became ("Saved.", or why not), said beside the control that
 * sent it (AdminPage.tsx, EmbedSettings.tsx): on a phone the top of the page is far from the
 * button tapped.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ApiError } from '../api.js';
import type { AdminCommand } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';

/** Where a command was sent from: a form, a seat's row, a button. */
export type Place = string;

/** What the last command became, and where it was sent from. */
export interface Outcome {
  readonly at: Place;
  readonly notice: string | null;
  readonly error: ApiError | null;
}

/** Sends a command from `at`; answers whether it was taken. */
export type Run = (command: AdminCommand, at: Place) => Promise<boolean>;

/** The outcome of the last command, if it was sent from `at`. */
export function OutcomeAt({ at, outcome }: { at: Place; outcome: Outcome | null }) {
  const { t } = useApp();
  const said = useRef<HTMLParagraphElement>(null);
  const here = outcome !== null && outcome.at === at;
  // Right below the button tapped, which may stand at the screen's lower edge: the words come into view with it,
  // in the frame they appear in (an effect would scroll a frame later: on a busy phone the words showed out of view first).
  useLayoutEffect(() => said.current?.scrollIntoView({ block: 'nearest' }), [here, outcome]);
  if (!here) return null;
  return outcome.error !== null ? (
    <p ref={said} class="error" role="alert" data-error>
      {errorText(t, outcome.error)}
    </p>
  ) : (
    <p ref={said} class="help admin-notice" role="status" data-admin-notice>
      {outcome.notice}
    </p>
  );
}
