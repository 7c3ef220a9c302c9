import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../bundle.ts';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
  /** Resolves when its output matches, rejects if it exits first or after `timeoutMs`. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGKILL: the process gets no chance to finish anything. */
  killHard(): Promise<void>;
  /** SIGTERM and wait for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts one of the server's entry points (`src/main.ts`, `src/worker.ts`) as a real process:
 * node itself with tsx loaded, so that a signal reaches the process that does the work. A bundle
 * (`bundledServer`) runs on plain node.
 */
export function startProcess(
  entry: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): RunningProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, entry, ...args], {
    cwd: serverRoot,
    // The tests' receivers listen on the loopback address, which the server otherwise refuses.
    env: { ...process.env, LOG_LEVEL: 'info', OUTBOUND_ALLOWED_RANGES: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    exited,
    printed(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`${entry} did not print ${pattern} in ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve(match);
          } else if (hasExited()) {
            clearTimeout(timer);
            listeners.delete(check);
            reject(new Error(`${entry} exited before printing ${pattern}:\n${output}`));
          }
        };
        listeners.add(check);
        void exited.then(check);
        check();
      });
    },
    async killHard() {
      if (!hasExited()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!hasExited()) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The server's entry points compiled once, as `npm start` runs them, for a test that starts many
 * processes: each then starts in a second or so, instead of compiling the sources again (3 to 6 s
 * of CPU apiece through tsx). The bundles are made in a directory of their own inside the
 * repository's node_modules, where they find their packages; `remove()` deletes it.
 */
export async function bundledServer() {
  const cache = fileURLToPath(new URL('../../../node_modules/.cache/', import.meta.url));
  await mkdir(cache, { recursive: true });
  const outdir = await mkdtemp(join(cache, 'sitefleet-server-'));
  await bundleServer(outdir, ['src/main.ts', 'src/worker.ts']);
  return {
    /** The bundle of `src/<name>.ts`, for startProcess. */
    entry: (name: 'main' | 'worker') => join(outdir, `${name}.js`),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}
