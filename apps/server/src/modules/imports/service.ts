import {
  IMPORT_MESSAGES,
  type ImportResource,
  type ImportState,
  type ImportStatus,
} from '@sitefleet/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { importChunks, importErrors, importRecords, imports } from '../../db/schema.ts';
import type { Deleter } from '../../db/trash.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { csvLine } from '../../lib/csv.ts';
import type { Importer } from '../../lists/import.ts';
import { readImport } from './check.ts';

/** The stored file's pieces: big enough for few rows, small enough to read one at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** Records an undo moves or puts back per statement. */
const UNDO_BATCH = 1000;

/** The upload, passed on as it comes, stored in CHUNK_BYTES pieces on the way. */
async function* stored(
  upload: AsyncIterable<Uint8Array>,
  store: (piece: Buffer) => Promise<void>,
): AsyncGenerator<Uint8Array> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of upload) {
    pending.push(Buffer.from(chunk));
    size += chunk.length;
    if (size >= CHUNK_BYTES) {
      await store(Buffer.concat(pending));
      pending = [];
      size = 0;
    }
    yield chunk;
  }
  if (size > 0) await store(Buffer.concat(pending));
}

/** The stored file of an import, read back one piece at a time. */
export async function* storedFile(db: Db, importId: number): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq += 1) {
    const [piece] = await db
      .select({ data: importChunks.data })
      .from(importChunks)
      .where(and(eq(importChunks.importId, importId), eq(importChunks.seq, seq)));
    if (!piece) return;
    yield piece.data;
  }
}

/**
 * POST {path}/import: stores the file while reading it through (a header or a file that cannot
 * be read is refused, and nothing is kept), counts its rows and queues the job, all in one
 * transaction. Answers the import's id.
 */
export async function startImport(
  db: Db,
  queue: JobQueue,
  importer: Importer,
  upload: { fileName: string; chunks: AsyncIterable<Uint8Array>; userId: number },
) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(imports)
      .values({
        resource: importer.declaration.resource.name,
        fileName: upload.fileName,
        userId: upload.userId,
      })
      .returning({ id: imports.id });
    const importId = created!.id;
    let seq = 0;
    const chunks = stored(upload.chunks, async (data) => {
      await tx.insert(importChunks).values({ importId, seq, data });
      seq += 1;
    });
    let total = 0;
    for await (const batch of await readImport(importer, chunks)) total += batch.length;
    await tx.update(imports).set({ total }).where(eq(imports.id, importId));
    await queue.send(tx, 'import-run', [{ importId }]);
    return importId;
  });
}

interface ImportRecord {
  id: number;
  resource: ImportResource;
  file_name: string;
  status: ImportStatus;
  total: number;
  processed: number;
  created: number;
  updated: number;
  failed: number;
  message: string | null;
  started_at: string | null;
  finished_at: string | null;
  undone_at: string | null;
  user_id: number | null;
}

const isoOrNull = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/** GET /api/imports/{id} */
export async function findImport(db: Executor, id: number, lock = false): Promise<ImportState> {
  const [found] = await queryRows<ImportRecord>(
    db,
    sql`SELECT id, resource, file_name, status, total, processed, created, updated, failed,
               message, started_at, finished_at, undone_at, user_id
        FROM imports WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  const { user_id: _user, ...state } = found;
  return {
    ...state,
    started_at: isoOrNull(state.started_at),
    finished_at: isoOrNull(state.finished_at),
    undone_at: isoOrNull(state.undone_at),
  };
}

/** GET /api/imports/{id}/errors.csv: the refused rows as the file had them, and why. */
export async function* errorsCsv(db: Db, importId: number): AsyncGenerator<string> {
  let columns: string[] | undefined;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ line: importErrors.line, cells: importErrors.cells, error: importErrors.error })
      .from(importErrors)
      .where(and(eq(importErrors.importId, importId), sql`${importErrors.line} > ${after}`))
      .orderBy(asc(importErrors.line))
      .limit(1000);
    const pairs = rows.map((row) => row.cells as [string, string][]);
    if (!columns) {
      columns = (pairs[0] ?? []).map(([column]) => column);
      yield csvLine(['line', ...columns, 'error']);
    }
    yield rows
      .map((row, index) => csvLine([row.line, ...pairs[index]!.map(([, cell]) => cell), row.error]))
      .join('');
    if (rows.length < 1000) return;
    after = rows.at(-1)!.line;
  }
}

/**
 * POST /api/imports/{id}/undo: the records the import created go to the trash, those it updated
 * get their fields back; one audit entry.
 */
export async function undoImport(db: Db, importer: Importer, id: number, deleter: Deleter) {
  return db.transaction(async (tx) => {
    const state = await findImport(tx, id, true);
    if (state.undone_at) throw new HttpError(409, IMPORT_MESSAGES.alreadyUndone);
    if (state.status === 'queued' || state.status === 'running') {
      throw new HttpError(409, IMPORT_MESSAGES.notDone);
    }
    let created = 0;
    let updated = 0;
    for (let after = 0; ; ) {
      const records = await tx
        .select({ recordId: importRecords.recordId, before: importRecords.before })
        .from(importRecords)
        .where(and(eq(importRecords.importId, id), sql`${importRecords.recordId} > ${after}`))
        .orderBy(asc(importRecords.recordId))
        .limit(UNDO_BATCH);
      const fresh = records.filter((record) => record.before === null);
      created += await importer.remove(
        tx,
        fresh.map((record) => record.recordId),
        deleter,
      );
      for (const record of records) {
        if (record.before !== null) await importer.restore(tx, record.recordId, record.before);
      }
      updated += records.length - fresh.length;
      if (records.length < UNDO_BATCH) break;
      after = records.at(-1)!.recordId;
    }
    await tx.update(imports).set({ undoneAt: new Date() }).where(eq(imports.id, id));
    await recordAudit(tx, {
      action: 'bulk_action',
      subjectType: importer.auditSubject,
      details: { action: 'import_undo', import_id: id, file: state.file_name, created, updated },
    });
    return IMPORT_MESSAGES.undone(created, updated, importer.trashType !== undefined);
  });
}
