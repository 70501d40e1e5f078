/** Helpers for the table admin's tests (admin*.test.ts): its commands over HTTP, as API.md "Table admin" describes them. */
import { expect } from 'vitest';
import { clientIpOf, createTable, request, type CreatedTable } from './support.js';

/** A table as POST /api/tables answers it, with its admin link. */
export type AdminTable = CreatedTable;

export interface AdminViewBody {
  tableId: string;
  name: string;
  moveDeadlineHours: number | null;
  onTimeout: 'bot' | 'wait';
  vacationHours: number;
  chat: boolean;
  series: number;
  paused: boolean;
  ended: boolean;
  phase: string;
  gameNumber: number;
  games: number;
  seriesOver: boolean;
  version: number;
  seats: { seat: number; name: string; bot: boolean; botLevel: string | null; mail: boolean; webhook: string | null }[];
  frameOrigins: string[];
  spectatorEmbeds: boolean;
}

export const headers = (token: string) => ({
  authorization: `Bearer ${token}`,
  'cf-connecting-ip': clientIpOf(token),
  'content-type': 'application/json',
});

/** POST …/admin with `token`: the raw answer. */
export const postAdmin = (tableId: string, token: string, command: unknown): Promise<Response> =>
  request(`/api/tables/${tableId}/admin`, { method: 'POST', headers: headers(token), body: JSON.stringify(command) });

/** An admin command that must be answered 200: the admin view (or, for rotate, the new link). */
export async function command<T = AdminViewBody>(table: AdminTable, body: unknown): Promise<T> {
  const res = await postAdmin(table.tableId, table.admin.token, body);
  const text = await res.text();
  expect(res.status, `${JSON.stringify(body)} → ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

export const createAdminTable = (body: unknown = {}): Promise<AdminTable> => createTable(body);
