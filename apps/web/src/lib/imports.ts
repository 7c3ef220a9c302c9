import {
  IMPORT_FILE_FIELD,
  IMPORT_PREVIEW_ROWS,
  IMPORT_RESOURCES,
  type ImportDryRun,
  type ImportResource,
  type ImportState,
  importDryRunSchema,
  importSchema,
  importStartedSchema,
  messageSchema,
} from '@sitefleet/contract';
import { parse } from 'csv-parse/browser/esm/sync';
import { http } from './http.ts';

/** The CSV import of a list (POST /api/{resource}/import) and its job (/api/imports/{id}). */

export const isImportResource = (name: string | undefined): name is ImportResource =>
  (IMPORT_RESOURCES as readonly string[]).includes(name ?? '');

const fileForm = (file: File) => {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file);
  return form;
};

export async function dryRunImport(resource: ImportResource, file: File): Promise<ImportDryRun> {
  const answer = await http.post(`/api/${resource}/import`, fileForm(file), {
    query: { dry_run: 1 },
  });
  return importDryRunSchema.parse(answer);
}

export async function startImport(resource: ImportResource, file: File): Promise<number> {
  return importStartedSchema.parse(await http.post(`/api/${resource}/import`, fileForm(file)))
    .import_id;
}

export async function importState(id: number): Promise<ImportState> {
  return importSchema.parse(await http.get(`/api/imports/${id}`));
}

export async function undoImport(id: number): Promise<string> {
  return messageSchema.parse(await http.post(`/api/imports/${id}/undo`)).message;
}

export const importErrorsUrl = (id: number) => `/api/imports/${id}/errors.csv`;

/** Enough of the file's start for the preview's rows. */
const PREVIEW_BYTES = 256 * 1024;

/**
 * The header and the first IMPORT_PREVIEW_ROWS rows of the file, read in the browser for the
 * preview; the server's dry run is what checks them.
 */
export async function previewRows(file: File): Promise<{ header: string[]; rows: string[][] }> {
  const text = await file.slice(0, PREVIEW_BYTES).text();
  try {
    const [header = [], ...rows] = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: IMPORT_PREVIEW_ROWS + 1,
    }) as string[][];
    return { header, rows };
  } catch {
    // A start the preview cannot read: the dry run says what is wrong with the file.
    return { header: [], rows: [] };
  }
}
