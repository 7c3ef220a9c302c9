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
      env: { TEST_DB: db },
      ...(db === 'pglite' && { globalSetup: ['test/pglite-image.ts'] }),
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  });
  return {
    test: {
      projects: [
        { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
        'apps/web/vitest.config.ts',
        serverProject('pglite'),
        ...(withPostgres ? [serverProject('postgres')] : []),
      ],
    },
  };
});
