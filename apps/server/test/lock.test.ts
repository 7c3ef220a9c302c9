import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { TEST_DB } from './harness.ts';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function startServer(dataDir: string): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(TEST_DB === 'pglite')('the embedded database directory', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitefleet-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second lock while the first holder lives, and takes over a dead one', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    writeFileSync(join(dir, 'sitefleet.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    writeFileSync(join(dir, 'sitefleet.lock'), '999999999');
    const again = lockDataDir(dir);
    again();
  });

  it('stops a second server on the same directory with a clear message, and the first keeps serving', {
    timeout: 200_000,
  }, async () => {
    const dir = tempDir();
    const first = startServer(dir);
    children.push(first.child);
    await waitFor(() => /running at (http:\/\/\S+)/.test(first.output()), 'the first server');
    const url = first.output().match(/running at (http:\/\/\S+)/)![1]!;

    const second = startServer(dir);
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Sitefleet process');

    const response = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin12345' }),
    });
    expect(response.status).toBe(200);
  });
});
