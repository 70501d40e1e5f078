/**
 * A seat's own settings at its table, below the table: its vacation and how it is told of its
 * turn (mail, webhook, this device, the delivery log). Loaded after the table (TablePage.tsx):
 * the first card needs none of it, nor its texts (settings-texts.ts).
 */
import type { TableView } from '../api.js';
import { Notifications } from './Notifications.js';
import { Vacation } from './Vacation.js';

export default function SeatSettings({
  view,
  tableId,
  token,
  onView,
}: {
  view: TableView;
  tableId: string;
  token: string;
  onView: (view: TableView) => void;
}) {
  return (
    <>
      <Vacation view={view} tableId={tableId} token={token} onView={onView} />
      {view.seat === null ? null : <Notifications tableId={tableId} token={token} seat={view.seat} />}
    </>
  );
}
