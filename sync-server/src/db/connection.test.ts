import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { EMBEDDED_SHARED_BUFFERS, socketFolder } from './connection.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('database', () => {
  it('applies the migrations and bumps the change sequence on insert and update', async () => {
    const { sql } = db;
    const [u] = await sql`INSERT INTO users (email, name) VALUES ('a@x.test', 'A') RETURNING change_seq`;
    const [u2] = await sql`UPDATE users SET name = 'B' WHERE email = 'a@x.test' RETURNING change_seq`;
    expect(Number(u2!.change_seq)).toBeGreaterThan(Number(u!.change_seq));
  });

  it('rejects rows that break the constraints', async () => {
    const { sql } = db;
    // 23514: check_violation (role not one of ours; e-mail not stored in lower case).
    await expect(sql`INSERT INTO users (email, role) VALUES ('b@x.test', 'boss')`).rejects.toMatchObject({ code: '23514' });
    await expect(sql`INSERT INTO users (email) VALUES ('A@X.TEST')`).rejects.toMatchObject({ code: '23514' });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('keeps the embedded database to small shared buffers (its resident memory)', async () => {
    const [row] = await db.sql<{ shared_buffers: string }[]>`SHOW shared_buffers`;
    expect(row!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
  });
});

describe('the embedded socket folder', () => {
  it('is named after its process, and a start removes those of processes that have ended', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'fb-socket-test-'));
    const listening = createServer();
    try {
      const ended = spawnSync(process.execPath, ['-e', '']).pid!;
      mkdirSync(join(parent, `foodbridge-pg-${ended}-abc`));
      writeFileSync(join(parent, `foodbridge-pg-${ended}-abc`, '.s.PGSQL.5432.lock'), '');
      // A pid this namespace does not know, with a live socket: another container's server sharing /tmp.
      mkdirSync(join(parent, `foodbridge-pg-${ended}-live`));
      await new Promise<void>((resolve) => listening.listen(join(parent, `foodbridge-pg-${ended}-live`, '.s.PGSQL.5432'), resolve));
      mkdirSync(join(parent, `foodbridge-pg-${process.ppid}-def`));
      mkdirSync(join(parent, 'foodbridge-pg-XyZ123'));
      const made = await socketFolder(parent);
      expect(made.startsWith(join(parent, `foodbridge-pg-${process.pid}-`))).toBe(true);
      expect(readdirSync(parent).sort()).toEqual(
        [basename(made), `foodbridge-pg-${ended}-live`, `foodbridge-pg-${process.ppid}-def`, 'foodbridge-pg-XyZ123'].sort(),
      );
    } finally {
      await new Promise((resolve) => listening.close(resolve));
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
