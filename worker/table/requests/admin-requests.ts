/**
 * What a table answers its admin (API.md "Table admin") and the Worker's embed pages: the
 * admin's commands and view, its links replaced, who may frame the table, what kind a link is.
 */
import type { EmbedPolicy } from '../../model/contract.js';
import type { AdminView, PlainCommand } from '../admin-commands.js';
import type { NewToken } from '../changes/change.js';
import type { LinkOwner } from '../../model/table.js';
import { success, type Outcome } from '../../published/outcome.js';
import { DEFAULT_EMBED_POLICY } from '../../storage/embed-rows.js';
import type { TableParts } from '../table-parts.js';

export class AdminRequests {
  constructor(private readonly parts: TableParts) {}

  /** One command of the table's admin (admin-commands.ts); answers the admin view. `replacement`: the seat's new token should a bot take a person's place. */
  command(tokenHash: string, command: PlainCommand, replacement?: NewToken): Outcome<AdminView> {
    const { store, admin, after } = this.parts;
    return store.as(tokenHash, 'admin', ({ table }) => {
      const change = admin.changeOf(table, command, replacement);
      if (!change.ok) return change;
      return success(admin.view(change.value === null ? table : after.commit(change.value).table));
    });
  }

  /** The admin's view of the table, unchanged (the admin page reads it on load). */
  view(tokenHash: string): Outcome<AdminView> {
    return this.parts.store.as(tokenHash, 'admin', ({ table }) => success(this.parts.admin.view(table)));
  }

  /** Replaces `owner`'s link by `next` (made by the Worker, which knows the key); for a seat, what its holder set up ends (changes/links.ts). */
  rotate(tokenHash: string, owner: LinkOwner, next: NewToken): Outcome<null> {
    const { store, admin, after } = this.parts;
    return store.as(tokenHash, 'admin', ({ table }) => {
      const change = admin.rotation(table, owner, next);
      if (!change.ok) return change;
      after.commit(change.value);
      return success(null);
    });
  }

  /** Where the table's links point (null: a table made before that was kept), for the admin's caller only. */
  origin(tokenHash: string): Outcome<string | null> {
    return this.parts.store.as(tokenHash, 'admin', ({ table }) => success(table.settings.origin));
  }

  /** Who may frame the table's embed pages (routes/embed.ts); an unknown table answers the default, so that ids do not show. */
  embedPolicy(): EmbedPolicy {
    return this.parts.store.current() === null ? DEFAULT_EMBED_POLICY : this.parts.storage.embedding.policy();
  }

  /**
   * What kind of link `tokenHash` is, for the oEmbed endpoint (routes/embed.ts), which must
   * refuse a seat's or the admin's. The table's storage is read only once the link is found:
   * a table never made (or deleted) has none to read, and answers 404 as every call does.
   */
  linkKind(tokenHash: string): Outcome<{ kind: 'spectator' | 'seat' | 'admin'; name: string; spectatorEmbeds: boolean }> {
    const { store, storage } = this.parts;
    const spectatorEmbeds = () => storage.embedding.policy().spectatorEmbeds;
    const admin = store.caller(tokenHash, 'admin');
    if (admin.ok) return success({ kind: 'admin', name: admin.value.table.settings.name, spectatorEmbeds: spectatorEmbeds() });
    return store.as(tokenHash, 'viewer', ({ table, seat }) =>
      success({ kind: seat === null ? 'spectator' : 'seat', name: table.settings.name, spectatorEmbeds: spectatorEmbeds() }),
    );
  }
}
