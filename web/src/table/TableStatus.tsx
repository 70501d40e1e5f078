/** What a table page shows before it has a view: loading (with the network error, if any); and why an action was refused. */
import { useApp } from '../app-context.js';
import { errorText, type ErrorLike } from '../i18n.js';
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

/** R7.12: a claim refused (every refusal of a claim names the rule): said where the claim was made (ClaimSlot.tsx). */
export const isClaimRefusal = (error: ErrorLike): boolean => error.code === 'illegal_action' && error.message.startsWith('R7.12');

/**
 * Why the last action was refused, in the reader's language, until it is closed (the table
 * page and the seat embed alike); not a refusal that `shownElsewhere` says another place tells.
 */
export function ActionRefused({
  table,
  shownElsewhere,
}: {
  table: Pick<TableState, 'error' | 'clearError'>;
  shownElsewhere?: (error: ErrorLike) => boolean;
}) {
  const { t } = useApp();
  if (!table.error || shownElsewhere?.(table.error) === true) return null;
  return (
    <p class="error" role="alert" data-error>
      {errorText(t, table.error)}{' '}
      <button type="button" class="link" onClick={table.clearError}>
        {t('close')}
      </button>
    </p>
  );
}
