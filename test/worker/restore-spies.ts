// Setup file of the "worker" project, whose files share one runtime (vitest.config.ts,
// isolate: false): whatever a file spied on (fetch, a Durable Object's sendEmail, console) is
// restored when it ends, whether or not the file did so itself, so no spy reaches the next file;
// and the tables and addresses a file made are its own only (support.ts: isOwnTable), so that
// its collectors do not count what an earlier file's tables still send. Every mail watched
// carried Auto-Submitted (support.ts: unmarkedMail).
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { forgetOwn, unmarkedMail } from './support.js';

beforeAll(() => {
  forgetOwn();
  unmarkedMail.length = 0;
});

afterAll(() => {
  vi.restoreAllMocks();
  expect(unmarkedMail, 'mails sent without Auto-Submitted').toEqual([]);
});
