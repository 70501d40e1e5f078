/**
 * What the seat's notifications form sends (web/src/table/notifications-change.ts): only the
 * fields the person changed, so that saving a webhook never clears the mail address (API.md:
 * a field left out keeps its value, null removes it).
 */
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../web/src/api-later.js';
import { notificationsChange } from '../../web/src/table/notifications-change.js';

const MAIL_ONLY: NotificationSettings = { email: 'vroni@example.com', webhookUrl: null, webhookState: null, emailState: 'confirmed' };
const BOTH: NotificationSettings = {
  email: 'vroni@example.com',
  webhookUrl: 'https://hooks.example.com/a',
  webhookSecret: 'whsec_x',
  webhookState: 'active',
  emailState: 'confirmed',
};

describe('notificationsChange', () => {
  it('a mail mode chosen is sent alone; the mode it has (or "turn" from a server without modes) is not', () => {
    const typed = { email: 'vroni@example.com', webhookUrl: '' };
    expect(notificationsChange(MAIL_ONLY, { ...typed, mail: 'digest' }, 'de')).toEqual({ mail: 'digest' });
    expect(notificationsChange(MAIL_ONLY, { ...typed, mail: 'turn' }, 'de')).toBeNull();
    expect(notificationsChange({ ...MAIL_ONLY, mail: 'off' }, { ...typed, mail: 'off' }, 'de')).toBeNull();
    expect(notificationsChange({ ...MAIL_ONLY, mail: 'off' }, { ...typed, mail: 'turn' }, 'en')).toEqual({ mail: 'turn' });
  });

  it('a webhook added to a mail address: the webhook alone is sent', () => {
    expect(notificationsChange(MAIL_ONLY, { email: 'vroni@example.com', webhookUrl: 'https://hooks.example.com/a' }, 'de')).toEqual({
      webhookUrl: 'https://hooks.example.com/a',
    });
  });

  it('nothing changed (blanks around a value included): nothing to send', () => {
    expect(notificationsChange(BOTH, { email: ' vroni@example.com ', webhookUrl: 'https://hooks.example.com/a' }, 'en')).toBeNull();
    expect(notificationsChange({ ...MAIL_ONLY, email: null }, { email: '  ', webhookUrl: '' }, 'en')).toBeNull();
  });

  it('a field emptied removes that one only; a new address goes with the language of the page', () => {
    expect(notificationsChange(BOTH, { email: '', webhookUrl: 'https://hooks.example.com/a' }, 'de')).toEqual({ email: null });
    expect(notificationsChange(BOTH, { email: 'vroni@example.com', webhookUrl: '' }, 'de')).toEqual({ webhookUrl: null });
    expect(notificationsChange(BOTH, { email: 'sepp@example.com', webhookUrl: 'https://hooks.example.com/a' }, 'en')).toEqual({
      email: 'sepp@example.com',
      lang: 'en',
    });
  });

  it('a webhook its receiver turned off is sent again unchanged: saving turns it back on', () => {
    const off: NotificationSettings = { ...BOTH, webhookState: 'disabled' };
    expect(notificationsChange(off, { email: 'vroni@example.com', webhookUrl: 'https://hooks.example.com/a' }, 'de')).toEqual({
      webhookUrl: 'https://hooks.example.com/a',
    });
  });
});
