import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { SUPER_ADMIN_ROLE } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { backupDatabase, restoreDatabase } from './db/backup.ts';
import type { Database } from './db/client.ts';
import { seedDemo } from './db/demo.ts';
import {
  checkDerivedState,
  type Drift,
  describeDrift,
  repairDerivedState,
} from './db/integrity.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { users } from './db/schema.ts';
import { createUser, seedBase } from './db/seed.ts';
import { hashPassword } from './lib/passwords.ts';
import { TARGET_SETTINGS } from './pipeline/targets/index.ts';
import { destroyUserSessions } from './plugins/sessions.ts';
import { seedTaskRows } from './tasks.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create     --email E --name N [--password P] [--role R ...]   (default role: ${SUPER_ADMIN_ROLE})
  password:reset  --email E [--password P]      ends the user's sessions
  db:migrate      applies the migrations
  db:seed         permissions, roles and settings; with --demo, demo content too
  db:check        checks the state the lists derive from their rows and repairs what differs;
                  with --dry-run, only reports
  db:backup       --out FILE   writes a backup (pg_dump's custom format on PostgreSQL, a dump of
                  the data directory on the embedded database)
  db:restore      --in FILE [--force]   restores a backup into an empty database (--force: replaces
                  what the database holds), then migrates and checks the derived state

Without --password, a random password is generated and printed once.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', multiple: true },
    demo: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    out: { type: 'string' },
    in: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function required(value: string | undefined, flag: string): string {
  if (!value) throw new Error(`--${flag} is required.\n\n${USAGE}`);
  return value;
}

function passwordOrGenerated(): { password: string; generated: boolean } {
  if (values.password) {
    if (values.password.length < 8) throw new Error('The password must be at least 8 characters.');
    return { password: values.password, generated: false };
  }
  return { password: randomBytes(12).toString('base64url'), generated: true };
}

const repairedLines = (drifts: readonly Drift[]) =>
  drifts.map((drift) => `  ${describeDrift(drift)}`).join('\n');

/** Commands that run on the database as it is: a backup copies it, unmigrated. */
const unmigrated: Record<string, (database: Database) => Promise<string>> = {
  async 'db:backup'(database) {
    const file = required(values.out, 'out');
    await backupDatabase(database, file);
    return `Backup written to ${file}.`;
  },
};

/** Commands that open no database first: a restore replaces it. */
const unopened: Record<string, () => Promise<string>> = {
  async 'db:restore'() {
    const file = required(values.in, 'in');
    const config = loadConfig();
    const repaired = await restoreDatabase(
      { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
      file,
      { force: values.force === true },
    );
    return `Restored ${file}; migrations applied. ${
      repaired.length === 0
        ? 'Derived state is consistent.'
        : `Repaired derived state:\n${repairedLines(repaired)}`
    }`;
  },
};

const commands: Record<string, (database: Database) => Promise<string>> = {
  'db:migrate': async () => 'Migrations applied.',
  async 'db:seed'(database) {
    const config = loadConfig();
    const { wasEmpty } = await seedBase(database.db, TARGET_SETTINGS, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    await seedTaskRows(database.db);
    if (values.demo || wasEmpty) await seedDemo(database.db);
    return wasEmpty
      ? `Seeded, with demo data. Sign in as ${config.ADMIN_EMAIL}.`
      : `Permissions, roles and settings are up to date.${values.demo ? ' Demo data added.' : ''}`;
  },
  async 'db:check'(database) {
    const dryRun = values['dry-run'] === true;
    const drifts = dryRun
      ? await checkDerivedState(database.db)
      : await repairDerivedState(database.db);
    if (drifts.length === 0) return 'Derived state is consistent: nothing to repair.';
    const lines = repairedLines(drifts);
    return dryRun
      ? `Derived state differs (not repaired, --dry-run):\n${lines}`
      : `Repaired derived state:\n${lines}`;
  },
  async 'user:create'(database) {
    const email = required(values.email, 'email').trim().toLowerCase();
    const { password, generated } = passwordOrGenerated();
    await createUser(database.db, {
      name: values.name ?? email.split('@')[0]!,
      email,
      password,
      roleNames: values.role ?? [SUPER_ADMIN_ROLE],
    });
    return `User ${email} created.${generated ? ` Password: ${password}` : ''}`;
  },
  async 'password:reset'(database) {
    const email = required(values.email, 'email').trim().toLowerCase();
    const { password, generated } = passwordOrGenerated();
    const [user] = await database.db
      .update(users)
      .set({ password: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (!user) throw new Error(`No user has the e-mail ${email}.`);
    await destroyUserSessions(database.db, user.id);
    return `Password of ${email} reset; their sessions have ended.${generated ? ` New password: ${password}` : ''}`;
  },
};

/**
 * A stop signal lets the running command finish (a half-done restore helps nobody) within
 * SHUTDOWN_TIMEOUT_SECONDS; past it, the command is abandoned and the process exits 1.
 */
function finishBeforeStopping(timeoutSeconds: number) {
  const onSignal = (signal: string) => {
    console.error(`${signal} received: finishing the command (up to ${timeoutSeconds} s).`);
    setTimeout(() => {
      console.error(`The command did not finish within ${timeoutSeconds} s.`);
      process.exit(1);
    }, timeoutSeconds * 1000).unref();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

async function main() {
  const [name = ''] = positionals;
  const known = name in commands || name in unmigrated || name in unopened;
  if (values.help || !known) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfig();
  finishBeforeStopping(config.SHUTDOWN_TIMEOUT_SECONDS);
  const restore = unopened[name];
  if (restore) {
    console.log(await restore());
    return;
  }
  const database = await openConfiguredDatabase(config);
  try {
    const backup = unmigrated[name];
    if (backup) {
      console.log(await backup(database));
      return;
    }
    await database.migrate();
    console.log(await commands[name]!(database));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
