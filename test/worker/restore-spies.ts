// Setup file of the "worker" project, whose files share one runtime (vitest.config.ts,
// isolate: false): whatever a file spied on (fetch, a Durable Object's sendEmail, console) is
// restored when it ends, whether or not the file did so itself, so no spy reaches the next file.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.restoreAllMocks();
});
