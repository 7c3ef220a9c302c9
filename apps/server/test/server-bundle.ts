import { mkdtemp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of the server's entry points compiled for this run (`startProcess`). */
    serverBundle: string;
  }
}

/**
 * Vitest global setup: compiles the server's entry points once per run, as `npm start` runs them,
 * for the tests that start the server, the worker or the CLI as processes. Each process then
 * starts on plain node in a second or so, instead of compiling the sources again through tsx (3 to
 * 6 s of CPU apiece, some forty times a run). The bundle sits one level inside the server's
 * workspace, as `dist/` does, so that it finds its packages and the web app's build where the
 * production bundle finds them.
 */
export default async function setup(project: TestProject) {
  const outdir = await mkdtemp(fileURLToPath(new URL('../.test-bundle-', import.meta.url)));
  await bundleServer(outdir);
  project.provide('serverBundle', outdir);
  return () => rm(outdir, { recursive: true, force: true });
}
