import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openDb } from '@server/infra/db/db.ts';
import { freshDatabase } from '../support/db-access.ts';

/*
 * The LISTEN connection on PostgreSQL (server/infra/db/db.ts, Listener): every channel a process listens to goes over
 * one connection, however many are listened to at once. A server listens to two at its start (the session events and
 * the records' counts); each made a connection of its own, the first never closed: its notifications were heard
 * twice, and a process that closed its database could not exit.
 */
const databaseUrl = inject('databaseUrl');

describe.runIf(Boolean(databaseUrl))('the LISTEN connection', () => {
  it('channels listened to at once share one connection, each notification is heard once, and closing ends it', async () => {
    const url = await freshDatabase(databaseUrl, inject('pgTemplate'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-listen-'));
    const db = await openDb({ databaseUrl: url, dataDir });
    const listening = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        )
      )[0].n;
    try {
      const heard: string[] = [];
      await Promise.all(['one', 'two', 'three'].map((channel) => db.listen(channel, (payload) => heard.push(`${channel}:${payload}`))));
      expect(await listening()).toBe(1);
      for (const channel of ['one', 'two', 'three']) await db.notify(channel, 'x');
      await expect.poll(() => [...heard].sort(), { timeout: 5_000 }).toEqual(['one:x', 'three:x', 'two:x']);
      // (and nothing more arrives: a second connection would have said each again)
      await db.notify('one', 'y');
      await expect.poll(() => heard.filter((h) => h.startsWith('one:')), { timeout: 5_000 }).toEqual(['one:x', 'one:y']);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const { default: pg } = await import('pg');
    const check = new pg.Client(url);
    await check.connect();
    try {
      const [{ n }] = (
        await check.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).rows;
      expect(n).toBe(0);
    } finally {
      await check.end();
    }
  });
});
