/**
 * `STORAGE=s3`: objects in an S3-compatible bucket (AWS S3, MinIO, Yandex Object Storage…) through
 * `@aws-sdk/client-s3`, so every process of the shop — on any machine — reads what any other wrote. Objects are
 * written with `Cache-Control: public, max-age=31536000, immutable` for a CDN or the bucket's public address.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { isSafeKey, MEDIA_CACHE_CONTROL, type MediaStorage } from './types.js';

/** An SDK error's HTTP status (undefined for a network failure). */
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * The S3 storage.
 * @param s bucket, region, endpoint, keys, path style (config `S3_*`)
 */
export function s3MediaStorage(s: S3Settings): MediaStorage {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where the API demands them: servers that copy the S3 API (older MinIO, s3rver) reject
    // the CRC headers the SDK adds by default since 3.729.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = s.bucket;
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Недопустимый ключ хранилища: ${JSON.stringify(key)}`);
    return key;
  };
  return {
    name: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: res.Body as Readable, size: res.ContentLength ?? 0, etag: res.ETag ?? `"${key}"` };
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw err;
      }
    },
    async removePrefix(prefix) {
      const Prefix = prefix === '' ? undefined : `${checked(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (Objects.length) {
          const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
          if (res.Errors?.length)
            throw new Error(`S3: не удалось удалить ${res.Errors[0]!.Key}: ${res.Errors[0]!.Code}`);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      client.destroy();
    },
  };
}
