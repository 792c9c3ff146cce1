import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { createDirectoryStorage } from './directory-storage.js';
import type { FileStorage } from './storage.port.js';

/**
 * The S3 adapter, its SDK loaded on the first file request: a server storing files in its directory never
 * holds the AWS SDK in memory (about 25 MB, docs/performance.md "Memory").
 */
function lazyS3Storage(options: Extract<AppConfig['storage'], { kind: 's3' }>): FileStorage {
  let adapter: Promise<FileStorage> | undefined;
  const loaded = () => {
    adapter ??= import('./s3-storage.js').then(({ createS3Storage }) => createS3Storage(options));
    return adapter;
  };
  return {
    put: async (key, content) => (await loaded()).put(key, content),
    read: async (key) => (await loaded()).read(key),
    stat: async (key) => (await loaded()).stat(key),
    remove: async (key) => (await loaded()).remove(key),
    close: async () => {
      if (adapter) {
        await (await adapter).close();
      }
    },
  };
}

/** The storage the configuration names: `<DATA_DIR>/documents` by default, the S3 bucket with STORAGE=s3. */
export function createFileStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): FileStorage {
  const storage = config.storage;
  return storage.kind === 's3' ? lazyS3Storage(storage) : createDirectoryStorage(path.join(config.dataDir, 'documents'));
}
