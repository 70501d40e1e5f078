/**
 * The Wallachen online Worker's entry point (`main` in wrangler.toml).
 *
 * Every export of this module is a Worker entry point to workerd: export only handlers,
 * Durable Object classes and WorkerEntrypoints here (other values make workerd refuse to
 * start); keep everything else in other modules.
 */
import { app } from './app.js';
import { receiveReply } from './routes/mail-incoming.js';

export { TableObject } from './table/table-object.js';
export { AddressObject } from './notifications/mail/address-object.js';

export default {
  fetch: app.fetch,
  // Replies to turn mails (API.md "Mail", Moves by reply).
  email: async (message, env) => void (await receiveReply(message, env)),
} satisfies ExportedHandler<Env>;
