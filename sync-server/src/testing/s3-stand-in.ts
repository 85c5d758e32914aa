import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface S3StandIn {
  /** The settings that point the server at this stand-in (path-style, as MinIO and s3rver need). */
  env: Record<string, string>;
  bucket: string;
  /** A client of our own, to look into the bucket as an operator would. */
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/**
 * A local S3 (s3rver, files in a temporary folder) that the real AWS SDK talks to over HTTP, as it would to AWS,
 * MinIO or R2. Nothing of the SDK is mocked.
 */
export async function startS3StandIn(bucket = 'foodbridge-pictures'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'foodbridge-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver accepts any signature; the keys only have to be present for the SDK to sign.
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  return {
    env,
    bucket,
    client,
    async keys(prefix = '') {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
