/**
 * A real S3-compatible server for the storage tests: `s3rver` (objects as files in a temporary directory) on a
 * free port of 127.0.0.1 with one bucket, and a plain SDK client to look into the bucket independently of the
 * provider under test. Credentials are s3rver's fixed `S3RVER`/`S3RVER`; it refuses others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.js';

// The SDK's notice that its 2027 versions need Node 22 is printed once per process; the tests need not repeat it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface TestBucket {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The environment of `STORAGE=s3` on this bucket (for `loadConfig`/`createTestApp`). */
  env: Record<string, string>;
  settings: S3Settings;
  /** Keys stored under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, or null when absent. */
  object(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** Starts s3rver with an empty bucket. */
export async function startS3(bucket = 'vitrina-media'): Promise<TestBucket> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async keys(prefix) {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    async object(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
