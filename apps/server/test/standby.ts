import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, chown } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ADMIN_URL, onAdmin } from './postgres-template.ts';

/**
 * A streaming standby of the tests' PostgreSQL, for the read replica's tests: a base backup
 * (`pg_basebackup -R`) in a temporary directory, started with `pg_ctl` on a free port as the
 * operating-system user that may run PostgreSQL (`postgres` when the tests run as root, which
 * PostgreSQL refuses).
 */
export interface Standby {
  port: number;
  /** The URL of one of its databases. */
  url(database: string): string;
  /** Runs a statement on one of its databases (`postgres` unless told). */
  query<T>(text: string, values?: unknown[], database?: string): Promise<T[]>;
  start(): Promise<void>;
  /** A fast shutdown: its connections are cut. */
  stop(): Promise<void>;
  /**
   * Stops it and deletes its directory, in the background: a copy of a cluster that holds big
   * databases takes seconds to delete, which the tests need not wait for.
   */
  remove(): Promise<void>;
}

const run = promisify(execFile);
const REPLICATION_RULE = 'host replication all 127.0.0.1/32 trust';

/** The settings a hot standby must have at least as high as its primary's. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

const setting = async (name: string) =>
  onAdmin(async (admin) => (await admin.query(`SHOW ${name}`)).rows[0][name] as string);

/** How to run PostgreSQL's programs: as `postgres` when the tests run as root. */
function asServerUser(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
}

async function binDir(): Promise<string> {
  const major = Math.floor(Number(await setting('server_version_num')) / 10000);
  return `/usr/lib/postgresql/${major}/bin`;
}

/** Why no standby can be made here, or undefined when one can. */
export async function standbyUnavailable(): Promise<string | undefined> {
  try {
    const bin = await binDir();
    if (!existsSync(join(bin, 'pg_basebackup')) || !existsSync(join(bin, 'pg_ctl'))) {
      return `PostgreSQL's programs are not in ${bin}`;
    }
    if ((await setting('wal_level')) === 'minimal') return 'wal_level is minimal';
    if (Number(await setting('max_wal_senders')) < 1) return 'max_wal_senders is 0';
    const hba = await setting('hba_file');
    if (!existsSync(hba)) return `pg_hba.conf (${hba}) is not on this machine`;
    if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
      return 'the tests run as root and there is no postgres user to run PostgreSQL as';
    }
    return undefined;
  } catch (error) {
    return `PostgreSQL does not answer: ${(error as Error).message}`;
  }
}

/** Whether a replication connection from 127.0.0.1 is let in. */
async function replicationAllowed(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, replication: 'true' } as never);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Lets replication connections in from 127.0.0.1 (once: the rule stays for later runs). */
async function allowReplication() {
  if (await replicationAllowed()) return;
  const hba = await setting('hba_file');
  if (!readFileSync(hba, 'utf8').split('\n').includes(REPLICATION_RULE)) {
    await appendFile(hba, `\n${REPLICATION_RULE}\n`);
  }
  await onAdmin((admin) => admin.query('SELECT pg_reload_conf()'));
  const deadline = Date.now() + 10_000;
  while (!(await replicationAllowed())) {
    if (Date.now() > deadline) throw new Error(`${hba} does not let replication connections in`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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

/** Makes a standby of the tests' PostgreSQL and starts it; it is streaming once this answers. */
export async function makeStandby(): Promise<Standby> {
  const bin = await binDir();
  await allowReplication();
  const dir = mkdtempSync(join(tmpdir(), 'sitefleet-standby-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString());
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString());
    await chown(dir, uid, gid);
  }
  const program = async (name: string, args: string[]) => {
    const [command, argv] = asServerUser(join(bin, name), args);
    return run(command, argv, { cwd: dir, timeout: 60_000 });
  };
  const admin = new URL(ADMIN_URL);
  // Without fsync: a throwaway copy, written as fast as the disk takes it.
  await program('pg_basebackup', [
    ...['-h', admin.hostname, '-p', admin.port || '5432', '-U', admin.username || 'postgres'],
    ...['-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
  ]);
  // The primary's own configuration may live elsewhere (Debian keeps it in /etc): the standby
  // gets its own, which lets the tests in from this machine only.
  writeFileSync(join(data, 'postgresql.conf'), '');
  writeFileSync(join(data, 'pg_ident.conf'), '');
  writeFileSync(
    join(data, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\n',
  );
  const port = await freePort();
  const settings: Record<string, string> = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    hot_standby: 'on',
    shared_buffers: '16MB',
    fsync: 'off',
    ssl: 'off',
    logging_collector: 'off',
    archive_mode: 'off',
  };
  for (const name of AT_LEAST_PRIMARY) settings[name] = await setting(name);
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const log = join(dir, 'standby.log');
  let running = false;
  const start = async () => {
    await program('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async (mode = 'fast') => {
    if (!running) return;
    await program('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    running = false;
  };
  // Should the test process end without its clean-up, the standby ends with it.
  const stopAtExit = () => {
    if (running)
      spawnSync(...asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']));
  };
  process.once('exit', stopAtExit);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await start();
  } catch (error) {
    const printed = existsSync(log) ? readFileSync(log, 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The standby did not start: ${(error as Error).message}\n${printed}`);
  }
  return {
    port,
    url,
    async query<T>(text: string, values?: unknown[], database = 'postgres') {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    start,
    stop: () => stop(),
    async remove() {
      process.off('exit', stopAtExit);
      await stop('immediate');
      spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
    },
  };
}
