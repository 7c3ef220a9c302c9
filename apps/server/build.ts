/**
 * Compiles the server for `npm start`: one bundle per entry (server, CLI, worker) in dist/, run by
 * plain node. Running the TypeScript sources through tsx costs ~30 MB of memory per process (its
 * loader and its compiler's caches); `npm run dev` still does.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.ts';

const outdir = fileURLToPath(new URL('dist', import.meta.url));
await rm(outdir, { recursive: true, force: true });
await bundleServer(outdir);
