import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage, StoredFileMissing } from './storage.port.js';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Files under a directory (one machine, or a volume every process mounts); the default storage. */
export function createDirectoryStorage(root: string): FileStorage {
  const base = path.resolve(root);
  function pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(base, key);
    if (!resolved.startsWith(base + path.sep)) {
      throw new Error(`storage key outside the storage root: ${key}`);
    }
    return resolved;
  }
  return {
    async put(key, content) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // written beside, then renamed: a reader never sees half a file, a failed write leaves nothing
      const partial = `${target}.${randomUUID()}.part`;
      try {
        if (content instanceof Readable) {
          await pipeline(content, createWriteStream(partial));
        } else {
          await writeFile(partial, content);
        }
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      const target = pathOf(key);
      try {
        const facts = await stat(target);
        if (!facts.isFile()) {
          throw new StoredFileMissing(key);
        }
      } catch (error) {
        throw isMissing(error) ? new StoredFileMissing(key) : error;
      }
      return createReadStream(target);
    },
    async stat(key) {
      try {
        const facts = await stat(pathOf(key));
        return facts.isFile() ? { size: facts.size } : undefined;
      } catch (error) {
        if (isMissing(error)) {
          return undefined;
        }
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async close() {},
  };
}
