/**
 * What the seat's notifications form sends: only the fields the person changed (API.md: a
 * field left out keeps its value), so saving a webhook never clears the mail address.
 */
import type { MailMode, NotificationsChange, NotificationSettings } from '../api-later.js';
import type { Language } from '../i18n.js';

/** The form's fields as typed: an empty field means "none". */
export interface NotificationFields {
  readonly email: string;
  readonly webhookUrl: string;
  /** The mail mode chosen; absent: not offered, kept. */
  readonly mail?: MailMode;
}

const given = (text: string): string | null => text.trim() || null;

/**
 * The change from `current` (what the server answered) to `fields`; null when nothing
 * changed. A webhook its receiver turned off (410 Gone) is sent again even unchanged:
 * saving it is how it is turned back on. A new address goes with the page's language, the
 * language its mails are written in.
 */
export function notificationsChange(current: NotificationSettings, fields: NotificationFields, lang: Language): NotificationsChange | null {
  const email = given(fields.email);
  const webhookUrl = given(fields.webhookUrl);
  const change: { email?: string | null; webhookUrl?: string | null; lang?: Language; mail?: MailMode } = {};
  if (email !== current.email) {
    change.email = email;
    if (email !== null) change.lang = lang;
  }
  if (fields.mail !== undefined && fields.mail !== (current.mail ?? 'turn')) change.mail = fields.mail;
  if (webhookUrl !== current.webhookUrl || (webhookUrl !== null && current.webhookState === 'disabled')) change.webhookUrl = webhookUrl;
  return Object.keys(change).length === 0 ? null : change;
}
