/** What a table page shows before it has a view: loading (with the network error, if any); and why an action was refused. */
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import type { TableState } from './useTable.js';

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

/**
 * Why the last action was refused, in the reader's language, until it is closed (the table
 * page and the seat embed alike); with `claims`, not a claim's refusal (every one names R7.12):
 * that is said beside the claim (ClaimSlot.tsx).
 */
export function ActionRefused({ table, claims }: { table: Pick<TableState, 'error' | 'clearError'>; claims?: boolean }) {
  const { t } = useApp();
  if (!table.error || (claims && table.error.message.startsWith('R7.12'))) return null;
  return (
    <p class="error" role="alert" data-error>
      {errorText(t, table.error)}{' '}
      <button type="button" class="link" onClick={table.clearError}>
        {t('close')}
      </button>
    </p>
  );
}
