import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes, and two processes on one directory lose writes.
 * The first process writes its pid to a lock file; the next one stops with a clear message.
 * A lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'sitefleet.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by another Sitefleet process (pid ${holder}). ` +
            'Stop that process first, or set DATABASE_URL to share a PostgreSQL database between processes.',
        );
      }
      unlinkSync(path);
    }
  }
  throw new DataDirLockedError(`Could not lock ${path}.`);
}
