// Setup file of the "worker" Vitest project: brings the test D1 database up to date with
// drizzle/*.sql. It runs outside the per-test-file storage isolation and may run more than
// once; applyD1Migrations only applies what is missing.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
