/**
 * The one history of a table's SQLite schema, as D1's has in drizzle/: numbered migrations
 * and the version a table's storage is at, kept in it (`schema_version`). A table's storage
 * is brought to SCHEMA_VERSION when the table is made, and when it is loaded (once per
 * instance: one read when it is current). A migration, once released, never changes: a
 * change of the schema is a new one at the end.
 *
 * Migration 1 is the schema as releases before numbered migrations left it, made idempotent
 * for them: those tables have no version, parts of this schema, and older forms of it (the
 * columns added one release after another; the seats' replaced tokens in `revoked_tokens`).
 * Every statement binds its parameters; table and column names come from this file only.
 */

type Row = Record<string, SqlStorageValue>;

/** Every table of the schema as migration 1 makes it (and the indexes), in dependency-free order. */
const BASELINE = [
  `CREATE TABLE IF NOT EXISTS settings (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     table_id TEXT NOT NULL, name TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
     move_deadline_hours INTEGER, created_at TEXT NOT NULL, origin TEXT,
     on_timeout TEXT, vacation_hours INTEGER, chat INTEGER)`,
  // seat NULL: the spectators' token, or with role "admin" the admin's. nonce: what the token was derived from (tokens.ts).
  `CREATE TABLE IF NOT EXISTS tokens (hash TEXT PRIMARY KEY, seat INTEGER, nonce TEXT, role TEXT)`,
  `CREATE TABLE IF NOT EXISTS fixed_deals (deal_index INTEGER PRIMARY KEY, deal TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS deals (deal_index INTEGER PRIMARY KEY, seed TEXT, commitment TEXT, fixed TEXT, dealt_at TEXT NOT NULL)`,
  // auto: made for the seat, 1 a timeout (and every automatic move stored before forced cards were told apart), 2 its forced card.
  // response: '' (answers are not stored; the column stays for tables made when they were).
  `CREATE TABLE IF NOT EXISTS actions (
     version INTEGER PRIMARY KEY, seat INTEGER NOT NULL, action TEXT NOT NULL,
     action_id TEXT, response TEXT NOT NULL, at TEXT NOT NULL, auto INTEGER)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS actions_by_client_id ON actions (seat, action_id) WHERE action_id IS NOT NULL`,
  // A seat's notification settings: null lang = as at creation, mail null = "turn", webhook_disabled_at: its receiver answered 410.
  `CREATE TABLE IF NOT EXISTS notifications (
     seat INTEGER PRIMARY KEY, email TEXT, webhook_url TEXT, webhook_secret TEXT, lang TEXT, webhook_disabled_at TEXT, mail TEXT)`,
  // History rows on their way to D1 (history/outbox.ts); dead 1: given up on, kept for an operator.
  `CREATE TABLE IF NOT EXISTS outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT,
     queued_at INTEGER, dead INTEGER NOT NULL DEFAULT 0)`,
  // Webhook posts, mails and pushes on their way (notifications/deliveries.ts); message_id is the webhook-id, the same on every attempt.
  `CREATE TABLE IF NOT EXISTS deliveries (
     id INTEGER PRIMARY KEY AUTOINCREMENT, message_id TEXT NOT NULL, seat INTEGER NOT NULL,
     channel TEXT NOT NULL, type TEXT NOT NULL, payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT)`,
  `CREATE INDEX IF NOT EXISTS deliveries_by_time ON deliveries (next_attempt_at)`,
  // The last version whose owed moves were reminded of (one reminder per move), for all and per seat.
  `CREATE TABLE IF NOT EXISTS reminded (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS reminded_seat (seat INTEGER PRIMARY KEY, version INTEGER NOT NULL)`,
  // Presence (notifications/presence.ts): a turn mail not read yet, when each seat last acted, a turn mail put off.
  `CREATE TABLE IF NOT EXISTS unread_turn_mail (seat INTEGER PRIMARY KEY, sent_at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS seat_activity (seat INTEGER PRIMARY KEY, acted_at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS deferred_turn_mail (seat INTEGER PRIMARY KEY, game_number INTEGER NOT NULL, check_at INTEGER NOT NULL)`,
  // A seat's vacation (ms); hours: what it is charged; deal_index: the deal it was taken in (clock.ts).
  `CREATE TABLE IF NOT EXISTS vacations (
     id INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, from_at INTEGER NOT NULL, until_at INTEGER NOT NULL,
     hours INTEGER NOT NULL, deal_index INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS seat_preferences (seat INTEGER PRIMARY KEY, auto_forced INTEGER NOT NULL DEFAULT 0)`,
  // The admin's (admin-rows.ts): pauses (ms; until NULL: paused now), replaced links, later series, the end, who may frame the table.
  `CREATE TABLE IF NOT EXISTS pauses (id INTEGER PRIMARY KEY AUTOINCREMENT, paused_from INTEGER NOT NULL, paused_until INTEGER)`,
  `CREATE TABLE IF NOT EXISTS replaced_links (hash TEXT PRIMARY KEY, owner TEXT NOT NULL, replaced_at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS series_starts (series INTEGER PRIMARY KEY, first_deal INTEGER NOT NULL, first_version INTEGER NOT NULL, started_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ended (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS embedding (id INTEGER PRIMARY KEY CHECK (id = 1), frame_origins TEXT NOT NULL, spectator_embeds INTEGER NOT NULL)`,
  // updated_at (ms): when the device last sent its subscription; the oldest goes first (storage/push-subscriptions.ts).
  `CREATE TABLE IF NOT EXISTS push_subscriptions (
     seat INTEGER NOT NULL, endpoint TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL, updated_at INTEGER NOT NULL,
     PRIMARY KEY (seat, endpoint))`,
  // AUTOINCREMENT: an id is never given again after older messages were deleted, so `after` stays a place in the chat (chat.ts).
  `CREATE TABLE IF NOT EXISTS chat_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS chat_messages_by_seat ON chat_messages (seat, at)`,
  // Each seat's last delivery attempts (storage/delivery-log.ts).
  `CREATE TABLE IF NOT EXISTS delivery_log (
     id INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, at INTEGER NOT NULL,
     channel TEXT NOT NULL, event TEXT NOT NULL, outcome TEXT NOT NULL, detail TEXT)`,
  `CREATE INDEX IF NOT EXISTS delivery_log_by_seat ON delivery_log (seat, id)`,
  // What the table told each digest seat's address (notifications/digest/digest-seats.ts).
  `CREATE TABLE IF NOT EXISTS digest_handed (seat INTEGER PRIMARY KEY, entry TEXT NOT NULL)`,
  // The sends of the table's budgets (storage/send-budget.ts).
  `CREATE TABLE IF NOT EXISTS mail_sends (at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS webhook_sends (at INTEGER NOT NULL)`,
];

/** Columns releases added to tables they had made before, as [table, column, type]: missing in storage of those releases. */
const ADDED_BEFORE_MIGRATIONS = [
  ['settings', 'origin', 'TEXT'],
  ['settings', 'on_timeout', 'TEXT'],
  ['settings', 'vacation_hours', 'INTEGER'],
  ['settings', 'chat', 'INTEGER'],
  ['tokens', 'nonce', 'TEXT'],
  ['tokens', 'role', 'TEXT'],
  ['outbox', 'queued_at', 'INTEGER'],
  ['outbox', 'dead', 'INTEGER NOT NULL DEFAULT 0'],
  ['notifications', 'lang', 'TEXT'],
  ['notifications', 'webhook_disabled_at', 'TEXT'],
  ['notifications', 'mail', 'TEXT'],
  ['actions', 'auto', 'INTEGER'],
] as const;

const tableExists = (sql: SqlStorage, name: string): boolean =>
  sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;

/** Adds a column unless the table has it (storage an earlier release half-made it, as a test does on purpose). */
function addColumn(sql: SqlStorage, table: string, column: string, type: string): void {
  if (
    !sql
      .exec<Row>(`PRAGMA table_info(${table})`)
      .toArray()
      .some((c) => c.name === column)
  )
    sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

/** Migration n (1-based) brings a table's storage from version n-1 to n. */
const MIGRATIONS: readonly ((sql: SqlStorage) => void)[] = [
  // 1: the schema as the releases before numbered migrations left it.
  (sql) => {
    for (const [table, column, type] of ADDED_BEFORE_MIGRATIONS) if (tableExists(sql, table)) addColumn(sql, table, column, type);
    for (const statement of BASELINE) sql.exec(statement);
    // Answers stored by releases before answers were kept in memory only: let go.
    sql.exec("UPDATE actions SET response = '' WHERE response <> ''");
    // Releases before the spectators' and the admin's links could be replaced kept seats' only, in revoked_tokens.
    if (tableExists(sql, 'revoked_tokens')) {
      sql.exec('INSERT OR IGNORE INTO replaced_links (hash, owner, replaced_at) SELECT hash, CAST(seat AS TEXT), revoked_at FROM revoked_tokens');
      sql.exec('DROP TABLE revoked_tokens');
    }
  },
  // 2: the two retry queues share one form (retry-queue.ts): deliveries gain when they were queued and whether given up on.
  (sql) => {
    addColumn(sql, 'deliveries', 'queued_at', 'INTEGER');
    addColumn(sql, 'deliveries', 'dead', 'INTEGER NOT NULL DEFAULT 0');
  },
  // 3: which history database the table's games go to (history/shards.ts); null: shard 0, where tables made before shards wrote.
  (sql) => addColumn(sql, 'settings', 'history_shard', 'INTEGER'),
  // 4: each turn mail's reply address (storage/reply-addresses.ts): its id's hash, never the id.
  (sql) => {
    sql.exec(`CREATE TABLE IF NOT EXISTS reply_addresses (
       hash TEXT PRIMARY KEY, seat INTEGER NOT NULL, version INTEGER NOT NULL, address_key TEXT NOT NULL,
       created_at INTEGER NOT NULL, used_at INTEGER, answers INTEGER NOT NULL DEFAULT 0)`);
  },
  // 5: one row written per action (issue 39). The client ids are found in the table's memory and
  // the log itself, not an index (a row written more per action); when a seat last acted is read
  // from the log (by_reply: a move from the mailbox, which does not count), not kept apart.
  (sql) => {
    sql.exec('DROP INDEX IF EXISTS actions_by_client_id');
    addColumn(sql, 'actions', 'by_reply', 'INTEGER');
    sql.exec('DROP TABLE IF EXISTS seat_activity');
  },
  // 6: a row less for each delivery queued, sent and logged (issue 39): their queues and logs are a
  // few rows per seat, read faster whole than an index is kept.
  (sql) => {
    sql.exec('DROP INDEX IF EXISTS deliveries_by_time');
    sql.exec('DROP INDEX IF EXISTS delivery_log_by_seat');
  },
];

/** The version a table's storage is brought to: the number of migrations. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The version `sql`'s table storage is at (0: made before numbered migrations, or not made yet). */
export function schemaVersion(sql: SqlStorage): number {
  if (!tableExists(sql, 'schema_version')) return 0;
  return (sql.exec<Row>('SELECT version FROM schema_version WHERE id = 1').toArray()[0]?.version as number | undefined) ?? 0;
}

/** Runs the migrations `sql`'s storage has not had yet, in order, inside the caller's transaction or its own; answers the version it was at. */
export function migrate(sql: SqlStorage): number {
  const from = schemaVersion(sql);
  if (from >= SCHEMA_VERSION) return from;
  for (let version = from; version < SCHEMA_VERSION; version++) MIGRATIONS[version]!(sql);
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
  sql.exec('INSERT INTO schema_version (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version', SCHEMA_VERSION);
  return from;
}
