import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One process per embedded data directory: PGlite has no lock of its own, and two servers on one
 * directory both answer and then lose each other's writes. The lock is a file next to the directory
 * (`<dir>.lock`) created exclusively with the holder's pid; a file left by a process that no longer runs
 * (kill -9, power loss) is taken over. Released when the database closes or the process exits.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const descriptor = openSync(lockFile, 'wx', 0o600);
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      let released = false;
      const release = () => {
        if (released) {
          return;
        }
        released = true;
        process.off('exit', release);
        if (holderOf(lockFile) === process.pid) {
          unlinkSync(lockFile);
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const holder = holderOf(lockFile);
    if (holder !== undefined && isRunning(holder)) {
      throw new Error(
        `The data directory ${dataDir} is already used by process ${holder}: one server per embedded database. ` +
          `Stop that process, or start this one with another DATA_DIR (or DATABASE_URL). ` +
          `If no such process runs, remove ${lockFile}.`,
      );
    }
    try {
      unlinkSync(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw error;
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir} (${lockFile}).`);
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
