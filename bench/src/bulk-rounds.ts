/**
 * The bulk approve of 10,000 posts beside its SQL floor, alternated round after round in one
 * process, through the service (no HTTP): a machine whose speed drifts from minute to minute
 * moves both alike, so their ratio is steadier than three runs of each (`npm run bench`).
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench:bulk
 *
 * BENCH_ROUNDS (default 4): rounds of three approves then three floors. BENCH_CLEAN_PENDING=1
 * empties the audit log's search indexes' pending lists after each approve, untimed, as a
 * background job would.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { startQueue } from '../../apps/server/src/jobs/queue.ts';
import { benchCaller, bulkFigures, floorBulk, resetBulkRows, serviceBulk } from './bulk.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to the seeded PostgreSQL database.');
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);

const database = await openDatabase({ url });
await database.migrate();
const queue = await startQueue(database, { error: () => {} });
const caller = await benchCaller(database.db);
await resetBulkRows(database.db);
const approves: number[] = [];
const floors: number[] = [];
const cleanPending = async () => {
  if (!process.env.BENCH_CLEAN_PENDING) return;
  await database.db.execute(
    sql`SELECT gin_clean_pending_list('audit_log_subject_name_trgm_idx'),
               gin_clean_pending_list('audit_log_user_name_trgm_idx')`,
  );
};
for (let round = 0; round < rounds; round++) {
  approves.push(...(await serviceBulk(database.db, queue, caller, cleanPending)));
  await resetBulkRows(database.db);
  floors.push(...(await floorBulk(database.db)));
}
await queue.stop();
await database.close();

const median = (times: number[]) => bulkFigures(times).p50;
const listed = (times: number[]) => times.map((time) => time.toFixed(0)).join(' ');
console.log(`approve: median ${median(approves).toFixed(0)} ms (${listed(approves)})`);
console.log(`floor:   median ${median(floors).toFixed(0)} ms (${listed(floors)})`);
console.log(`approve / floor: ${(median(approves) / median(floors)).toFixed(2)}`);
