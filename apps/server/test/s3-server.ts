import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { StorageConfig } from '../src/config.js';

/** s3rver's only account (it checks AWS Signature V4 with it). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3Server = {
  url: string;
  bucket: string;
  /** Where s3rver keeps the objects (to prove a file is in the bucket, not in a process's directory). */
  directory: string;
  /** The app's STORAGE=s3 settings for this server. */
  storage: StorageConfig & { kind: 's3' };
  /** The same as environment variables, for an API process. */
  environment: Record<string, string>;
  close(): Promise<void>;
};

/**
 * An S3-compatible server (s3rver, an npm devDependency) on a free loopback port, with one empty bucket,
 * in a temporary directory removed on close.
 */
export async function startS3Server(bucket = 'isf-documents'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'isf-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    bucket,
    directory,
    storage: {
      kind: 's3',
      endpoint: url,
      region: 'eu-west-3',
      bucket,
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
      prefix: '',
    },
    environment: {
      STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: 'eu-west-3',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
