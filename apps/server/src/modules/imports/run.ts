import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { importChunks, importErrors, importRecords, imports } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { emitEvents } from '../../events/outgoing.ts';
import { giveUpJob, type RunningJob } from '../../jobs/queue.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import type { CheckedRow, Importer, ImportTransaction, RowError } from '../../lists/import.ts';
import { checkBatch, readImport } from './check.ts';
import { storedFile } from './service.ts';

/**
 * The import job: reads the stored file back as a stream and writes its rows a batch per
 * transaction (IMPORT_BATCH_SIZE), each row in a savepoint so that one the database refuses (a
 * slug taken meanwhile) is set aside with its message instead of undoing its batch. The counts
 * move with each batch, for the progress bar.
 */

/** A row's cells as stored: pairs, since a JSON object would not keep the file's order. */
const cellPairs = (cells: Record<string, string>) => Object.entries(cells);

/** What a write refused, as the form would say it. */
function writeError(error: unknown): RowError {
  if (error instanceof HttpError) {
    const [column, messages] = Object.entries(error.errors ?? {})[0] ?? ['', [error.message]];
    return { column, message: messages[0] ?? error.message };
  }
  throw error;
}

/**
 * The batch's new records in one statement, when the resource can (posts: a million of them
 * would take too long a row at a time); null when it cannot, or when the database refused the
 * statement, and each row is then written alone to find the one at fault.
 */
async function createAtOnce(
  tx: ImportTransaction,
  importer: Importer,
  checked: readonly CheckedRow<unknown>[],
): Promise<number[] | null> {
  const forms = checked.flatMap((row) => (!row.error && row.id === null ? [row.form] : []));
  if (!importer.createMany || forms.length === 0) return null;
  try {
    return await tx.transaction((savepoint) => importer.createMany!(savepoint, forms));
  } catch {
    return null;
  }
}

async function writeBatch(
  db: Db,
  importer: Importer,
  importId: number,
  batch: Parameters<typeof checkBatch>[2],
) {
  await db.transaction(async (tx) => {
    const checked = await checkBatch(tx, importer, batch);
    const refused: { line: number; cells: [string, string][]; error: string }[] = [];
    const written: { recordId: number; before: unknown }[] = [];
    const createdTogether = await createAtOnce(tx, importer, checked);
    for (const id of createdTogether ?? []) written.push({ recordId: id, before: null });
    let created = written.length;
    for (const row of checked) {
      if (row.error) {
        refused.push({ line: row.line, cells: cellPairs(row.cells), error: row.error.message });
        continue;
      }
      if (createdTogether && row.id === null) continue;
      try {
        const result = await tx.transaction((savepoint) =>
          importer.write(savepoint, row.id, row.form),
        );
        written.push({ recordId: result.id, before: result.before });
        if (result.before === null) created += 1;
      } catch (error) {
        refused.push({
          line: row.line,
          cells: cellPairs(row.cells),
          error: writeError(error).message,
        });
      }
    }
    if (refused.length > 0) {
      await tx.insert(importErrors).values(refused.map((row) => ({ importId, ...row })));
    }
    if (written.length > 0) {
      // A record the file names twice keeps the fields it had before the import.
      await tx
        .insert(importRecords)
        .values(written.map((row) => ({ importId, ...row })))
        .onConflictDoNothing();
    }
    await tx.execute(sql`
      UPDATE imports SET processed = processed + ${batch.length}, created = created + ${created},
        updated = updated + ${written.length - created}, failed = failed + ${refused.length}
      WHERE id = ${importId}`);
  });
}

export async function runImport(
  context: TaskContext,
  job: RunningJob<'import-run'>,
  importers: readonly Importer[],
) {
  const { db } = context;
  const { importId } = job.data;
  // Rows already written would be written again by a retry: a failure ends the import instead.
  await giveUpJob(db, job.id);
  const [state] = await db
    .update(imports)
    .set({ status: 'running', startedAt: new Date() })
    .where(sql`${imports.id} = ${importId} AND ${imports.status} = 'queued'`)
    .returning();
  if (!state) return;
  const importer = importers.find((one) => one.declaration.resource.name === state.resource)!;
  try {
    for await (const batch of await readImport(importer, storedFile(db, importId))) {
      await writeBatch(db, importer, importId, batch);
    }
    await finish(db, importer, importId, 'done', null);
  } catch (error) {
    context.log.error({ err: error, importId }, 'import failed');
    await finish(db, importer, importId, 'failed', (error as Error).message);
  }
}

/** Ends the import: its status, its file let go, its one audit entry and its `import.finished`. */
async function finish(
  db: Db,
  importer: Importer,
  importId: number,
  status: 'done' | 'failed',
  message: string | null,
) {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(imports)
      .set({ status, message, finishedAt: new Date() })
      .where(eq(imports.id, importId))
      .returning();
    await tx.delete(importChunks).where(eq(importChunks.importId, importId));
    await recordAudit(tx, {
      action: 'bulk_action',
      subjectType: importer.auditSubject,
      userId: ended!.userId,
      details: {
        action: 'import',
        import_id: importId,
        file: ended!.fileName,
        status,
        total: ended!.total,
        created: ended!.created,
        updated: ended!.updated,
        failed: ended!.failed,
      },
    });
    await emitEvents(tx, [
      {
        type: 'import.finished',
        data: {
          id: importId,
          resource: ended!.resource,
          status,
          created: ended!.created,
          failed: ended!.failed,
        },
      },
    ]);
  });
}
