import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openEmbedded } from '../db/connection.ts';
import { insertImage, saveVariant } from '../db/images.ts';
import { insertUser } from '../db/users.ts';
import { createBucketImageStorage } from '../images/storage.ts';
import { bundleScripts, type BundledScripts } from '../testing/bundled-scripts.ts';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in.ts';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { writeMigratedDataDir } from '../testing/test-database.ts';
import { moveImagesToBucket } from './move-images.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const script = 'sync-server/src/cli/images-to-s3.ts';

/** Runs the command in a process of its own, as `npm run images:to-s3` does (that runs this file with tsx). */
function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [scripts.path(script)], {
    cwd: rootDir,
    // Empty values win over a developer's .env (the script never overwrites variables already set).
    env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', S3_PUBLIC_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => child.on('exit', (code) => done({ code, stdout, stderr })));
}

const picture = (width: number) => sharp({ create: { width, height: width / 2, channels: 3, background: '#3a7' } }).png().toBuffer();

let s3: S3StandIn;
let scripts: BundledScripts;
beforeAll(async () => {
  [s3, scripts] = await Promise.all([startS3StandIn(), bundleScripts([script])]);
});
afterAll(async () => {
  scripts?.remove();
  await s3?.close();
});

describe('moving the database pictures to the bucket', () => {
  let t: TestApp;
  const pictures: { id: string; bytes: Buffer }[] = [];
  beforeAll(async () => {
    // A server without S3_BUCKET: pictures and their variants go to Postgres, as before.
    t = await createTestApp();
    const user = await createUser(t);
    for (const width of [300, 400, 500]) {
      const bytes = await picture(width);
      const f = new FormData();
      f.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'p.png');
      const res = await t.request('POST', '/images', { body: f, token: user.token });
      expect(res.status).toBe(201);
      pictures.push({ id: res.body.data.id, bytes });
    }
    expect((await t.get(`/images/${pictures[0]!.id}?w=192`)).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('moves originals and variants, switches each row, and serves them from the bucket afterwards', async () => {
    const bucket = (await createBucketImageStorage(loadConfig(s3.env)))!;
    try {
      // A small batch so the walk takes more than one page.
      const report = await moveImagesToBucket(t.sql, bucket, { batchSize: 2 });
      expect(report).toEqual({ moved: 3, variants: 1, alreadyInBucket: 0, leftInDatabase: 0 });
      for (const p of pictures) {
        expect((await s3.read(`images/${p.id}/original.png`))?.equals(p.bytes)).toBe(true);
        const [row] = await t.sql`SELECT storage, storage_key, bytes, byte_size FROM images WHERE id = ${p.id}`;
        expect(row).toEqual({ storage: 's3', storage_key: `images/${p.id}/original.png`, bytes: null, byte_size: p.bytes.length });
      }
      expect(await s3.keys(`images/${pictures[0]!.id}/`)).toContain(`images/${pictures[0]!.id}/w192.webp`);
      expect(await t.sql`SELECT 1 FROM image_variants`).toHaveLength(0);

      // The same database behind a server restarted with S3_BUCKET.
      const withBucket = createApp({ ...t.deps, imageBucket: bucket });
      const original = await withBucket.request(`/images/${pictures[1]!.id}`);
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(pictures[1]!.bytes)).toBe(true);
      const variant = await withBucket.request(`/images/${pictures[0]!.id}?w=192`);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await variant.arrayBuffer()).equals((await s3.read(`images/${pictures[0]!.id}/w192.webp`))!)).toBe(true);

      // Run again: nothing left to do, nothing copied twice.
      const again = await moveImagesToBucket(t.sql, bucket);
      expect(again).toEqual({ moved: 0, variants: 0, alreadyInBucket: 3, leftInDatabase: 0 });
    } finally {
      bucket.close();
    }
  });

  it('resumes after an interruption: a failed run changes no row, a copy left behind is copied again and switched', async () => {
    const user = await createUser(t);
    const bytes = await picture(200);
    const row = await insertImage(t.sql, { ownerId: user.id, type: 'image/png', width: 200, height: 100, bytes });
    // A run stopped between the copy and the switch left the object in the bucket.
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `images/${row.id}/original.png`, Body: bytes }));
    const failing = (await createBucketImageStorage(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' })))!;
    try {
      await expect(moveImagesToBucket(t.sql, failing)).rejects.toThrow();
    } finally {
      failing.close();
    }
    expect((await t.sql`SELECT storage FROM images WHERE id = ${row.id}`)[0]!.storage).toBe('db');
    const bucket = (await createBucketImageStorage(loadConfig(s3.env)))!;
    try {
      expect(await moveImagesToBucket(t.sql, bucket)).toEqual({ moved: 1, variants: 0, alreadyInBucket: 3, leftInDatabase: 0 });
      expect((await s3.read(`images/${row.id}/original.png`))?.equals(bytes)).toBe(true);
    } finally {
      bucket.close();
    }
  });
});

describe('npm run images:to-s3', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-images-cli-'));
  let imageId: string;
  beforeAll(async () => {
    await writeMigratedDataDir(join(dataDir, 'pglite'));
    const db = await openEmbedded(join(dataDir, 'pglite'));
    try {
      const user = await insertUser(db.sql, { email: 'owner@example.test', name: 'Owner', role: 'restaurant' });
      const row = await insertImage(db.sql, { ownerId: user.id, type: 'image/png', width: 300, height: 150, bytes: await picture(300) });
      await saveVariant(db.sql, row.id, 192, 'image/webp', Buffer.from('a stored variant'));
      imageId = row.id;
    } finally {
      await db.close();
    }
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses without S3_BUCKET, saying what to set', async () => {
    const res = await run({ DATA_DIR: dataDir });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('S3_BUCKET is not set');
  }, 60_000);

  it('moves the pictures and prints the counts; a second run finds them moved', async () => {
    const first = await run({ ...s3.env, DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Moved 1 pictures and 1 variants to the bucket ${s3.bucket}; 0 were there already; 0 left in the database.`);
    expect((await s3.read(`images/${imageId}/w192.webp`))?.toString()).toBe('a stored variant');
    const second = await run({ ...s3.env, DATA_DIR: dataDir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Moved 0 pictures and 0 variants to the bucket foodbridge-pictures; 1 were there already; 0 left in the database.');
  }, 120_000);
});
