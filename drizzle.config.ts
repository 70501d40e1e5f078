// drizzle-kit: generates the D1 migrations in drizzle/ from worker/history/schema.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/history/schema.ts',
  out: './drizzle',
});
