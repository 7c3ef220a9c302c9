import { cp, readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('./', import.meta.url);

/** The server's entry points, `src/<name>.ts`: the HTTP server, the CLI and the job worker. */
export const SERVER_ENTRIES = ['main', 'cli', 'worker'] as const;
export type ServerEntry = (typeof SERVER_ENTRIES)[number];

/**
 * Compiles the server's entry points into `outdir`: one bundle per entry (`<name>.js`), run by
 * plain node. The packages stay in node_modules (only the workspace's own contract, TypeScript
 * sources, is bundled), so `outdir` must be where node finds them; the migrations are copied
 * beside the bundle, where the database client looks for them.
 */
export async function bundleServer(outdir: string) {
  const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    absWorkingDir: new URL('.', root).pathname,
    entryPoints: SERVER_ENTRIES.map((name) => `src/${name}.ts`),
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sitefleet/')),
    logLevel: 'warning',
  });
  await cp(new URL('src/db/migrations/', root), `${outdir}/migrations/`, { recursive: true });
}
