/**
 * Compiles the server for `npm start`: one bundle per entry (server, CLI, worker) in dist/, run by
 * plain node. Running the TypeScript sources through tsx costs ~30 MB of memory per process (its
 * loader and its compiler's caches); `npm run dev` and the tests still do. The packages stay in
 * node_modules (only the workspace's own contract, TypeScript sources, is bundled), and the
 * migrations are copied beside the bundle, where the database client looks for them.
 */
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('./', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
  dependencies: Record<string, string>;
};
const outdir = new URL('dist/', root);

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: ['src/main.ts', 'src/cli.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sitefleet/')),
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations/', root), new URL('migrations/', outdir), { recursive: true });
