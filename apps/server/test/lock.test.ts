import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { TEST_DB } from './harness.ts';
import { processDataDir, type RunningProcess, startProcess } from './processes.ts';

const startServer = (dataDir: string) =>
  startProcess('main', {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });

describe.runIf(TEST_DB === 'pglite')('the embedded database directory', () => {
  const dirs: string[] = [];
  const servers: RunningProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitefleet-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.killHard()));
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
    const dir = processDataDir('lock-server');
    dirs.push(dir);
    const first = startServer(dir);
    servers.push(first);
    const [, url] = await first.printed(/running at (http:\/\/\S+)/, 150_000);

    const second = startServer(dir);
    servers.push(second);
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
