/** What a table page shows before it has a view: the link's refusal, or loading (with the network error, if any). */
import { useApp } from '../app-context.js';
import type { TableState } from './useTable.js';

/** The refusal of a link that is not (or no longer) valid. */
export function BadLink({ message }: { message: string }) {
  const { t } = useApp();
  return (
    <p class="error" role="alert" data-error>
      {t('errorBadLink')} ({message})
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
