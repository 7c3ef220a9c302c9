import {
  IMPORT_BATCH_SIZE,
  IMPORT_DRY_RUN_ERRORS_MAX,
  IMPORT_FILE_FIELD,
  IMPORT_MESSAGES,
  type ImportDryRun,
  type ImportError,
  importHeaderError,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import {
  type CheckedRow,
  csvRecords,
  type IdentifiedRow,
  type Importer,
  ImportFileError,
  type ImportRow,
  idCell,
  importRows,
} from '../../lists/import.ts';

/**
 * Reading and checking an import's rows, shared by the dry run and the job: the header first
 * (refused before any row), then each batch as the resource's form would check it.
 */

/** The file's problem as the API answers it: a 422 on the `file` field. */
export const fileError = (message: string) => validationError({ [IMPORT_FILE_FIELD]: message });

/** The header row, checked; then the rows in batches. Throws a 422 when the header is wrong. */
export async function readImport(importer: Importer, chunks: AsyncIterable<Uint8Array>) {
  const records = csvRecords(chunks);
  try {
    const first = await records.next();
    if (first.done) throw fileError(IMPORT_MESSAGES.empty);
    const header = first.value.cells.map((column) => column.trim());
    const problem = importHeaderError(importer.declaration, header);
    if (problem) throw fileError(problem);
    return importRows(header, withFileErrors(records), IMPORT_BATCH_SIZE);
  } catch (error) {
    await records.return(undefined);
    if (error instanceof ImportFileError) throw fileError(error.message);
    throw error;
  }
}

/** The records, a file that turns out unreadable further on answered as a 422 too. */
async function* withFileErrors<T>(records: AsyncIterable<T>) {
  try {
    yield* records;
  } catch (error) {
    if (error instanceof ImportFileError) throw fileError(error.message);
    throw error;
  }
}

/**
 * A batch checked: the line itself (its cell count, its id), then the ids it updates (one query),
 * then the resource's form checks.
 */
export async function checkBatch<Form>(
  db: Executor,
  importer: Importer<Form>,
  batch: readonly ImportRow[],
): Promise<CheckedRow<Form>[]> {
  const refused = new Map<number, CheckedRow<Form>>();
  const identified: IdentifiedRow[] = [];
  for (const row of batch) {
    const id = idCell(row.cells);
    if (row.ragged) {
      refused.set(row.line, { ...row, error: { column: '', message: IMPORT_MESSAGES.cellCount } });
    } else if (id === undefined) {
      refused.set(row.line, {
        ...row,
        error: { column: 'id', message: IMPORT_MESSAGES.idInvalid },
      });
    } else identified.push({ ...row, id });
  }
  const ids = identified.flatMap((row) => (row.id === null ? [] : [row.id]));
  const existing = new Set(
    ids.length === 0
      ? []
      : (
          await queryRows<{ id: number }>(
            db,
            sql`SELECT id FROM ${sql.identifier(importer.table)} WHERE id = ANY(${idArray(ids)})`,
          )
        ).map((row) => row.id),
  );
  const known = identified.filter((row) => {
    if (row.id === null || existing.has(row.id)) return true;
    const message = IMPORT_MESSAGES.idMissing(importer.declaration.resource.noun.one);
    refused.set(row.line, { ...row, error: { column: 'id', message } });
    return false;
  });
  const checked = new Map((await importer.check(db, known)).map((row) => [row.line, row] as const));
  return batch.map((row) => refused.get(row.line) ?? checked.get(row.line)!);
}

/** POST {path}/import?dry_run=1: every row checked, nothing written. */
export async function dryRun(
  db: Executor,
  importer: Importer,
  chunks: AsyncIterable<Uint8Array>,
): Promise<ImportDryRun> {
  const answer: ImportDryRun = { rows: 0, valid: 0, invalid: 0, errors: [] };
  for await (const batch of await readImport(importer, chunks)) {
    for (const row of await checkBatch(db, importer, batch)) {
      answer.rows += 1;
      if (!row.error) {
        answer.valid += 1;
        continue;
      }
      answer.invalid += 1;
      if (answer.errors.length < IMPORT_DRY_RUN_ERRORS_MAX) {
        answer.errors.push({ line: row.line, ...row.error } satisfies ImportError);
      }
    }
  }
  return answer;
}
