/**
 * The refusal of a link that is not (or no longer) valid, in the reader's language: a table page
 * loads it, with its texts, only when the link is refused (TablePage), not with its first cards.
 * A push's link, which names the seat but holds no token (seat-link.ts), is refused so too:
 * here this device's own link of that seat takes its place, or, keeping none, no seat is shown.
 */
import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../app-context.js';
import { AppLink } from '../AppLink.js';
import { errorText, type ErrorLike } from '../i18n.js';
import { LINK_REPLACED } from '../live-state.js';
import { openKeptLink, pushLinkHere } from './seat-link.js';

export function BadLink({ error }: { error: ErrorLike }) {
  const { t } = useApp();
  const [push] = useState(() => (error.code === 'unauthorized' ? pushLinkHere() : null));
  useEffect(() => {
    if (push?.token != null) openKeptLink(push.token);
  }, []);
  if (push?.token != null) return null;
  if (push !== null)
    return (
      <div class="error" role="alert" data-error="seat_not_kept">
        <p>{t('seatNotKept')}</p>
        <p>
          <AppLink href="/">{t('seatNotKeptHome')}</AppLink>
        </p>
      </div>
    );
  return (
    <p class="error" role="alert" data-error>
      {error.code === LINK_REPLACED || (error.code === 'unauthorized' && /replaced/.test(error.message))
        ? t('linkReplaced')
        : error.code === 'unauthorized'
          ? t('errorBadLink')
          : errorText(t, error)}
    </p>
  );
}

export default BadLink;
