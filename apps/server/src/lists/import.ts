import { Readable } from 'node:stream';
import type { AuditSubjectType, ImportDeclaration, TrashType } from '@sitefleet/contract';
import { CSV_PROBLEMS, IMPORT_MESSAGES } from '@sitefleet/contract';
import { CsvError, parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../db/client.ts';
import type { Deleter } from '../db/trash.ts';

/**
 * Every list's CSV import: the file read as a stream of rows (UTF-8, RFC 4180, as the export
 * writes it), and what each importable resource provides to check and write its rows. The
 * imports module runs the dry run and the job with them.
 */

/** A row of the file: its line (the header is 1) and its cells by column. */
export interface ImportRow {
  line: number;
  cells: Record<string, string>;
  /** The line has more or fewer cells than the header (a cut line, a stray comma). */
  ragged?: true;
}

/** Why a row is refused: the column at fault ('' for the row itself) and the form's message. */
export interface RowError {
  column: string;
  message: string;
}

/** A row whose id cell was read and found: null for a new record. */
export type IdentifiedRow = ImportRow & { id: number | null };

/** A row checked: its form's input and the record it updates, or its error. */
export type CheckedRow<Form> = ImportRow &
  ({ id: number | null; form: Form; error?: undefined } | { error: RowError });

/** A transaction (or a savepoint in one), with drizzle's query builder. */
export type ImportTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an importable resource provides: its checks (as its form's) and its writes. */
export interface Importer<Form = unknown> {
  declaration: ImportDeclaration;
  /** Its table: a row's id must be one of its records. */
  table: string;
  /** Where an undo puts the records the import created; none: an undo deletes them (revenue). */
  trashType?: TrashType;
  auditSubject: AuditSubjectType;
  /**
   * Checks a batch of rows as the form would, names (a post's category, a category's websites)
   * read with one query per batch; writes nothing.
   */
  check(db: Executor, rows: readonly IdentifiedRow[]): Promise<CheckedRow<Form>[]>;
  /** Creates the record (no id) or updates it; answers its id and, for an update, its fields before. */
  write(
    tx: ImportTransaction,
    id: number | null,
    form: Form,
  ): Promise<{ id: number; before: unknown }>;
  /** Creates many records in one statement, the rows checked; answers their ids. */
  createMany?(tx: ImportTransaction, forms: readonly Form[]): Promise<number[]>;
  /** Puts back the fields `write` answered as `before`. */
  restore(tx: ImportTransaction, id: number, before: unknown): Promise<void>;
  /**
   * Moves records the import created to the trash, or deletes them without one (those still
   * there); answers how many.
   */
  remove(tx: ImportTransaction, ids: readonly number[], deleter: Deleter): Promise<number>;
}

/** The text of the chunks, refused at the first byte that is not UTF-8. */
async function* utf8Text(chunks: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw new ImportFileError(IMPORT_MESSAGES.notUtf8);
    throw error;
  }
}

/** The file cannot be read as CSV: the message says why. */
export class ImportFileError extends Error {}

/**
 * The chunks, pulled one at a time; `stop` ends the pulling and waits for the pull under way, so
 * that nothing reads on (a transaction's queries) once the reader has given up.
 */
function stoppable(chunks: AsyncIterable<Uint8Array>) {
  const iterator = chunks[Symbol.asyncIterator]();
  let stopped = false;
  let pulling: Promise<unknown> = Promise.resolve();
  async function* pulled() {
    while (!stopped) {
      const next = iterator.next();
      pulling = next.catch(() => undefined);
      const { done, value } = await next;
      if (done) return;
      yield value;
    }
  }
  return {
    chunks: pulled(),
    async stop() {
      stopped = true;
      await pulling;
      await iterator.return?.();
    },
  };
}

/** The parser's codes, in the product's words (its own messages speak of fields from 0). */
const CSV_PROBLEM_OF_CODE: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: CSV_PROBLEMS.quoteNotClosed,
  INVALID_OPENING_QUOTE: CSV_PROBLEMS.quoteInside,
  CSV_INVALID_CLOSING_QUOTE: CSV_PROBLEMS.afterClosingQuote,
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: CSV_PROBLEMS.afterClosingQuote,
};

/** Where and why the file could not be read, as the import says it. */
function csvProblem(error: CsvError): string {
  const { lines, index } = error as CsvError & { lines?: number; index?: number };
  const problem = CSV_PROBLEM_OF_CODE[error.code] ?? CSV_PROBLEMS.other;
  return IMPORT_MESSAGES.unreadableCell(lines ?? 1, (index ?? 0) + 1, problem);
}

/**
 * The records of a CSV file as arrays of cells, each with the line it ends on, read as the bytes
 * come (constant memory). A byte-order mark is skipped, blank lines too.
 */
export async function* csvRecords(
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<{ cells: string[]; line: number }> {
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true });
  const input = stoppable(chunks);
  const source = Readable.from(utf8Text(input.chunks));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { cells: record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(csvProblem(error));
    throw error;
  } finally {
    source.destroy();
    await input.stop();
  }
}

/** The export guards a cell a spreadsheet would run as a formula with a `'`: taken off here. */
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;
export const importedCell = (text: string) => (GUARDED_FORMULA.test(text) ? text.slice(1) : text);

/** The rows after the header, their cells by column, in batches of `size`. */
export async function* importRows(
  header: readonly string[],
  records: AsyncIterable<{ cells: string[]; line: number }>,
  size: number,
): AsyncGenerator<ImportRow[]> {
  let batch: ImportRow[] = [];
  for await (const record of records) {
    const cells: Record<string, string> = {};
    header.forEach((column, index) => {
      cells[column] = importedCell(record.cells[index] ?? '');
    });
    batch.push({
      line: record.line,
      cells,
      ...(record.cells.length !== header.length && { ragged: true as const }),
    });
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A form's first complaint about a row, under the column it names. */
export function formError(
  schema: z.ZodType,
  input: unknown,
  columnOf: (field: string) => string = (field) => field,
): { form: unknown } | { error: RowError } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { form: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0];
  return {
    error: { column: typeof field === 'string' ? columnOf(field) : '', message: issue.message },
  };
}

/** The id cell of a row: null when empty (a new record), undefined when not a whole number. */
export function idCell(cells: Record<string, string>): number | null | undefined {
  const text = (cells.id ?? '').trim();
  if (text === '') return null;
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** The cells of a list cell the export joined with "; ". */
export const listCell = (text: string | undefined) =>
  (text ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A text[] of `values` for `= ANY(…)` (one parameter, however many names a batch reads). */
export const textArray = (values: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
