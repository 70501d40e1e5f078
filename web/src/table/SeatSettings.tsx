/**
 * A seat's own settings at its table, below the table: its vacation and how it is told of its
 * turn (mail, webhook, this device, the delivery log), and the server told when the page's
 * language is switched. Loaded after the table (TablePage.tsx):
 * the first card needs none of it, nor its texts (settings-texts.ts).
 */
import { useEffect, useRef } from 'preact/hooks';
import { fetchView, type TableView } from '../api.js';
import { useApp } from '../app-context.js';
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
  // The seat's mails follow the page it plays on (API.md extension, docs/api.md): a language switched here is told at once, with a read of the view.
  const { lang } = useApp().prefs;
  const told = useRef(lang);
  useEffect(() => {
    if (lang === told.current) return;
    told.current = lang;
    fetchView(tableId, token, lang).then(onView, () => {});
  }, [lang, tableId, token, onView]);
  return (
    <>
      <Vacation view={view} tableId={tableId} token={token} onView={onView} />
      {view.seat === null ? null : <Notifications tableId={tableId} token={token} seat={view.seat} />}
    </>
  );
}
