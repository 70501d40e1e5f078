/** What the table's admin made of the table, on the table page: paused, ended, and which series (from the second on). */
import { useApp } from '../app-context.js';
import type { TableView } from '../api.js';

export function AdminNotice({ view }: { view: TableView }) {
  const { t } = useApp();
  return (
    <>
      {view.series > 1 ? (
        <p class="series-number" data-series={view.series}>
          {t('seriesNumber', { n: view.series })}
        </p>
      ) : null}
      {view.ended ? (
        <p class="table-notice" role="status" data-table-ended>
          {t('tableEnded')}
        </p>
      ) : view.paused ? (
        <p class="table-notice" role="status" data-table-paused>
          {t('tablePaused')}
        </p>
      ) : null}
    </>
  );
}
