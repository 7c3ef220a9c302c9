import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { ServerEntry } from '../bundle.ts';

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
 * Starts one of the server's entry points as a real process, from the bundle the run's global
 * setup compiled (`server-bundle.ts`), on plain node as `npm start` runs it.
 */
export const startProcess = (
  entry: ServerEntry,
  env: Record<string, string>,
  args: readonly string[] = [],
) => startBundled(inject('serverBundle'), entry, env, args);

/** Starts an entry point of the bundle in `bundle` (the global setups, which have no `inject`). */
export function startBundled(
  bundle: string,
  entry: ServerEntry,
  env: Record<string, string>,
  args: readonly string[] = [],
): RunningProcess {
  const child = spawn(process.execPath, [join(bundle, `${entry}.js`), ...args], {
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
 * A data directory for a server process of its own, `DATA_DIR`: on PGlite, a copy of what the
 * server's first start made of an empty one (pglite-data-dir.ts), so that each process opens it
 * in a few seconds instead of migrating and seeding again (three times as long); empty on
 * PostgreSQL, whose processes do not read it.
 */
export function processDataDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sitefleet-${name}-`));
  const firstStart = inject('pgliteDataDir');
  if (firstStart) cpSync(firstStart, dir, { recursive: true });
  return dir;
}
