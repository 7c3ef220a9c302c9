import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBundled } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory as the server's first start leaves it (PGlite project only). */
    pgliteDataDir?: string;
  }
}

/**
 * Vitest global setup of the PGlite server project, after server-bundle.ts: starts the server
 * once on an empty data directory (it migrates, makes the job queue's tables and seeds the demo
 * data, as `npm start` does), stops it, and keeps the directory for processDataDir() to copy.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitefleet-first-start-'));
  const server = startBundled(project.getProvidedContext().serverBundle, 'main', {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
  });
  try {
    await server.printed(/running at http/, 240_000);
  } finally {
    await server.stop();
  }
  if ((await server.exited) !== 0) throw new Error(`The first start failed:\n${server.output()}`);
  project.provide('pgliteDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
