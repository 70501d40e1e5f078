/** Says that the table shown is the one this device last saw, while the server is out of reach (useTable's savedAt). */
import { useApp } from '../app-context.js';
import { formatTime } from './format.js';

export function LastViewNote({ savedAt }: { savedAt: string }) {
  const { t, prefs } = useApp();
  return (
    <p class="help" role="status" data-last-view={savedAt}>
      {t('pushLastView', { time: formatTime(savedAt, prefs.lang) })}
    </p>
  );
}
