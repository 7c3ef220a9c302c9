import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onAdmin } from './postgres-template.ts';

/**
 * A primary and its streaming standby, for the read replica's tests: a throwaway cluster of the
 * tests' PostgreSQL installation (`initdb`), and a base backup of it (`pg_basebackup -R`) started
 * as a hot standby, both in one temporary directory, run with `pg_ctl` on free ports as the
 * operating-system user that may run PostgreSQL (`postgres` when the tests run as root, which
 * PostgreSQL refuses). A standby of the tests' own server would copy every database it holds (a
 * benchmark's run to gigabytes): the throwaway primary holds the test's database alone.
 */
export interface ReplicatedCluster {
  /** The URL of one of the primary's databases. */
  primaryUrl(database: string): string;
  /** The URL of one of the standby's databases. */
  url(database: string): string;
  /** Runs a statement on one of the standby's databases (`postgres` unless told). */
  query<T>(text: string, values?: unknown[], database?: string): Promise<T[]>;
  /** Starts the standby again. */
  start(): Promise<void>;
  /** A fast shutdown of the standby: its connections are cut. */
  stop(): Promise<void>;
  /** Stops both servers and deletes their directory. */
  remove(): Promise<void>;
}

const PROGRAM_TIMEOUT_MS = 60_000;

const asRoot = process.getuid?.() === 0;

async function binDir(): Promise<string> {
  const version = await onAdmin(
    async (admin) => (await admin.query('SHOW server_version_num')).rows[0].server_version_num,
  );
  return `/usr/lib/postgresql/${Math.floor(Number(version) / 10000)}/bin`;
}

/** Why no replicated cluster can be made here, or undefined when one can. */
export async function replicationUnavailable(): Promise<string | undefined> {
  try {
    const bin = await binDir();
    for (const program of ['initdb', 'pg_ctl', 'pg_basebackup']) {
      if (!existsSync(join(bin, program))) return `${program} is not in ${bin}`;
    }
    if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
      return 'the tests run as root and there is no postgres user to run PostgreSQL as';
    }
    return undefined;
  } catch (error) {
    return `PostgreSQL does not answer: ${(error as Error).message}`;
  }
}

/**
 * Runs one of PostgreSQL's programs (as `postgres` when the tests run as root) in a process group
 * of its own, which a time-out ends whole: `runuser` does not pass a signal on to the program.
 */
function runProgram(command: string, args: string[], cwd: string): Promise<void> {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), PROGRAM_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal}):\n${output}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const settingsOption = (settings: Record<string, string | number>) =>
  Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** Makes the primary and its standby and starts them; the standby streams once this answers. */
export async function makeReplicatedCluster(): Promise<ReplicatedCluster> {
  const bin = await binDir();
  const dir = mkdtempSync(join(tmpdir(), 'sitefleet-replica-'));
  if (asRoot) {
    spawnSync('chown', ['postgres:postgres', dir]);
  }
  const program = (name: string, args: string[]) => runProgram(join(bin, name), args, dir);
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  // Throwaway servers: nothing is synced to disk, and they listen on this machine only.
  const common = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    fsync: 'off',
    shared_buffers: '16MB',
    max_connections: 60,
  };
  const running = new Set<string>();
  const pgCtl = async (data: string, action: 'start' | 'stop', options = '') => {
    const log = join(dir, `${data === primary ? 'primary' : 'standby'}.log`);
    const args = action === 'start' ? ['-l', log, '-o', options] : ['-m', options];
    await program('pg_ctl', ['-D', data, ...args, '-w', '-t', '60', action]);
    if (action === 'start') running.add(data);
    else running.delete(data);
  };
  const startStandby = () =>
    pgCtl(standby, 'start', settingsOption({ ...common, port: standbyPort, hot_standby: 'on' }));
  // Should the test process end without its clean-up, the servers end with it.
  const stopAtExit = () => {
    for (const data of running) {
      const [file, argv] = asRoot
        ? [
            'runuser',
            ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'],
          ]
        : [join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']];
      spawnSync(file, argv as string[]);
    }
  };
  process.once('exit', stopAtExit);
  const remove = async () => {
    process.off('exit', stopAtExit);
    for (const data of [...running]) await pgCtl(data, 'stop', 'immediate').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  const url = (port: number, database: string) =>
    `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await program('initdb', [
      ...['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync'],
      ...['--encoding=UTF8', '--locale=C.UTF-8'],
    ]);
    await pgCtl(
      primary,
      'start',
      settingsOption({ ...common, port: primaryPort, wal_level: 'replica', max_wal_senders: 4 }),
    );
    await program('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby],
      ...['-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    await startStandby();
  } catch (error) {
    const logs = ['primary.log', 'standby.log']
      .map((name) => join(dir, name))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    await remove();
    throw new Error(`The replicated cluster did not start: ${(error as Error).message}\n${logs}`);
  }
  return {
    primaryUrl: (database) => url(primaryPort, database),
    url: (database) => url(standbyPort, database),
    async query<T>(text: string, values?: unknown[], database = 'postgres') {
      const client = new pg.Client({ connectionString: url(standbyPort, database) });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    start: startStandby,
    stop: () => pgCtl(standby, 'stop', 'fast'),
    remove,
  };
}
