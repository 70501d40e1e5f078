// Setup file of the "worker" Vitest projects: brings the test D1 databases up to date with
// drizzle/*.sql (every history shard has the same schema: worker/history/shards.ts). It runs
// outside the per-test-file storage isolation and may run more than once; applyD1Migrations
// only applies what is missing.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { historyDatabase, shardCount } from '../../worker/history/shards.js';

for (let shard = 0; shard < shardCount(env.HISTORY_SHARDS); shard++) await applyD1Migrations(historyDatabase(env, shard), env.TEST_MIGRATIONS);
