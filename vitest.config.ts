import { connect } from 'node:net';
import { defineConfig } from 'vitest/config';

/** PostgreSQL runs the same server suite whenever it answers on the test URL's port. */
function postgresReachable(host = '127.0.0.1', port = 5432): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The server's test files that open no database: the same on either. */
const DATABASE_FREE = [
  'test/architecture.test.ts',
  'src/config.test.ts',
  'src/lib/{audit-diff,markdown,outside-text,passwords,secrets}.test.ts',
  'src/content/schedule/times.test.ts',
  'src/lists/iso-text.test.ts',
  'src/heap.test.ts',
];

export default defineConfig(async () => {
  const withPostgres = await postgresReachable();
  if (!withPostgres && process.env.REQUIRE_POSTGRES === '1') {
    throw new Error('REQUIRE_POSTGRES is set but PostgreSQL does not answer on 127.0.0.1:5432.');
  }
  if (!withPostgres)
    console.warn('PostgreSQL is not reachable: the server suite runs on PGlite only.');
  const serverProject = (db: 'pglite' | 'postgres') => ({
    test: {
      name: `server:${db}`,
      root: 'apps/server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // The fuzz of every route tests what the HTTP layer answers, which PGlite (PostgreSQL
      // compiled to WebAssembly) answers as PostgreSQL does, and the files that open no database
      // answer the same on both: with PostgreSQL present they run there alone, and the PGlite
      // suite, the longer of the two, ends sooner.
      exclude: db === 'pglite' && withPostgres ? ['test/fuzz*.test.ts', ...DATABASE_FREE] : [],
      env: { TEST_DB: db },
      globalSetup:
        db === 'pglite'
          ? ['test/pglite-image.ts', 'test/server-bundle.ts', 'test/pglite-data-dir.ts']
          : ['test/postgres-template.ts', 'test/server-bundle.ts'],
      // Each file starts its own server on its own database, so a worker keeps the modules it
      // loaded from one file to the next instead of loading the server again for each (a third of
      // the suite's time). What a server keeps (its outbound connections, its kept sessions) is
      // its app context's, closed with each test server (harness.ts).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  });
  return {
    test: {
      // Two files at a time per vitest process, and npm test runs the PGlite and PostgreSQL
      // projects as two processes side by side. The server files wait more than they compute
      // (retry delays, time-outs, processes starting): one file at a time left a third of the two
      // cores idle. TEST_WORKERS sets it for another machine.
      maxWorkers: Number(process.env.TEST_WORKERS) || 2,
      projects: [
        { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
        'apps/web/vitest.config.ts',
        serverProject('pglite'),
        ...(withPostgres ? [serverProject('postgres')] : []),
      ],
    },
  };
});
