import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { createDirectoryStorage } from './directory-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.port.js';

/** The storage the configuration names: `<DATA_DIR>/documents` by default, the S3 bucket with STORAGE=s3. */
export function createFileStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): FileStorage {
  const storage = config.storage;
  return storage.kind === 's3' ? createS3Storage(storage) : createDirectoryStorage(path.join(config.dataDir, 'documents'));
}
