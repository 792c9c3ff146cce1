import type { Readable } from 'node:stream';

/** Where uploaded files live: a directory by default, an S3-compatible bucket when configured. */
export type FileStorage = {
  put(key: string, content: Buffer): Promise<void>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
};
