import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type FileStorage, StoredFileMissing } from './storage.port.js';

export type S3StorageOptions = {
  /** An S3-compatible server's URL (MinIO, Ceph, Garage, a cloud's object storage); unset: AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the AWS SDK's usual sources (AWS_* variables, profile, instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most S3-compatible servers). */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `isf/` to share a bucket. */
  prefix: string;
};

/** A stream is sent in parts of this size (S3's multipart upload); at most PARTS_IN_FLIGHT held at once. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

/** Files in an S3-compatible bucket (AWS Signature V4): what several API processes share. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
    // CRC32 trailers on uploads
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  function keyOf(key: string): string {
    assertStorageKey(key);
    return `${options.prefix}${key}`;
  }
  return {
    async put(key, content) {
      const Key = keyOf(key);
      if (content instanceof Readable) {
        // a stream of unknown length: one request when short, a multipart upload otherwise (aborted on error)
        await new Upload({
          client,
          params: { Bucket, Key, Body: content },
          partSize: PART_BYTES,
          queueSize: PARTS_IN_FLIGHT,
        }).done();
        return;
      }
      await client.send(new PutObjectCommand({ Bucket, Key, Body: content, ContentLength: content.length }));
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(object.Body instanceof Readable)) {
          throw new Error(`The S3 answer for ${key} carries no readable body.`);
        }
        return object.Body;
      } catch (error) {
        throw isNotFound(error) ? new StoredFileMissing(key) : error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) {
          return undefined;
        }
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
