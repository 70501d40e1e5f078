/** What a table page shows before it has a view: the link's refusal, or loading (with the network error, if any). */
import { useApp } from '../app-context.js';
import { errorText, type ErrorLike } from '../i18n.js';
import { LINK_REPLACED } from '../live-state.js';
import type { TableState } from './useTable.js';

/** The refusal of a link that is not (or no longer) valid, in the reader's language. */
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

/** While the first view is on its way; `className` adds the page's own class (e.g. "embed"). */
export function TableLoading({ table, className = '' }: { table: TableState; className?: string }) {
  const { t } = useApp();
  return (
    <div class={`table ${className} loading`.replace(/\s+/g, ' ')} data-table data-connection={table.connection} aria-busy="true">
      <p>{t('loading')}</p>
      {table.error ? (
        <p class="error" role="alert" data-error>
          {t('errorNetwork')}
        </p>
      ) : null}
    </div>
  );
}

/** Why the last action was refused, in the reader's language, until it is closed (the table page and the seat embed alike). */
export function ActionRefused({ table }: { table: Pick<TableState, 'error' | 'clearError'> }) {
  const { t } = useApp();
  if (!table.error) return null;
  return (
    <p class="error" role="alert" data-error>
      {errorText(t, table.error)}{' '}
      <button type="button" class="link" onClick={table.clearError}>
        {t('close')}
      </button>
    </p>
  );
}
