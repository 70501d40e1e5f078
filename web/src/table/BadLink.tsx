/**
 * The refusal of a link that is not (or no longer) valid, in the reader's language: a table page
 * loads it, with its texts, only when the link is refused (TablePage), not with its first cards.
 */
import { useApp } from '../app-context.js';
import { errorText, type ErrorLike } from '../i18n.js';
import { LINK_REPLACED } from '../live-state.js';

export function BadLink({ error }: { error: ErrorLike }) {
  const { t } = useApp();
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
