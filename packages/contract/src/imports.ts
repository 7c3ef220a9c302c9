import { z } from 'zod';
import type { Ability } from './abilities.ts';
import { categoriesResource, categoryRowSchema } from './categories.ts';
import { MAX_ID } from './pagination.ts';
import { postRowSchema, postsResource } from './posts.ts';
import type { ResourceDefinition } from './resource.ts';
import { revenueCsvRowSchema, revenueResource } from './revenue.ts';
import { websiteSchema, websitesResource } from './websites.ts';

/**
 * Importing a list from CSV (POST {path}/import): the file's header row is the list's export
 * columns, so that an export imports back as it is. The columns a form saves are written; the
 * others (counts, dates, flags) are read and left alone. A dry run checks every row as the form
 * would and writes nothing; a real import runs as a job whose progress, refused rows and undo
 * are at /api/imports/{id}.
 */

/** The multipart field that carries the file. */
export const IMPORT_FILE_FIELD = 'file';
/** The largest file an import takes (a million posts fit). */
export const IMPORT_FILE_MAX_BYTES = 512 * 1024 * 1024;
/** How many errors a dry run answers. */
export const IMPORT_DRY_RUN_ERRORS_MAX = 100;
/** Rows the job writes per transaction. */
export const IMPORT_BATCH_SIZE = 1000;
/** The rows the import modal previews before the operator confirms. */
export const IMPORT_PREVIEW_ROWS = 20;

export interface ImportDeclaration {
  resource: ResourceDefinition & { name: ImportResource };
  /** The export's row: its fields are the columns a file may have, in the export's order. */
  row: z.ZodObject;
  /** The columns the import writes, each a field of the resource's form. */
  writes: readonly string[];
  /** Columns of which the file needs at least one per group (a post's category by id or name). */
  required: readonly (readonly string[])[];
  /** How its rows are written and who may, for a resource whose rows have no `id` column. */
  writing?: string;
}

export const IMPORT_RESOURCES = ['websites', 'categories', 'posts', 'revenue'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

export const IMPORTS: Record<ImportResource, ImportDeclaration> = {
  websites: {
    resource: websitesResource,
    row: websiteSchema,
    writes: [
      'name',
      'url',
      'hosting',
      'cost',
      'duration',
      'status',
      'monitor_keyword',
      'next_renewal_date',
    ],
    required: [['name'], ['url'], ['hosting'], ['cost'], ['duration']],
  },
  categories: {
    resource: categoriesResource,
    row: categoryRowSchema,
    writes: [
      'name',
      'slug',
      'description',
      'type',
      'keywords',
      'websites',
      'parents',
      'status',
      'auto_google_sync',
      'is_approved',
    ],
    required: [['name'], ['slug'], ['description'], ['keywords'], ['websites']],
  },
  posts: {
    resource: postsResource,
    // `published_urls`, which the export has not: where the post's websites published it, one URL
    // per website (found by its host), separated by spaces; its page views are matched by them.
    row: postRowSchema.extend({ published_urls: z.string() }),
    writes: [
      'title',
      'description',
      'category_id',
      'category',
      'content_reference',
      'status',
      'published_urls',
    ],
    required: [['title'], ['description'], ['category_id', 'category']],
  },
  /** No export: its columns are POST /api/revenue's, the website also by its name or URL. */
  revenue: {
    resource: revenueResource,
    row: revenueCsvRowSchema,
    writing:
      'The columns are website_id or website (its name or URL), date, source, amount and currency. A row for a website, source and date that has one replaces its amount and currency; an undo puts it back, and deletes the rows the import added. Needs economics-manage.',
    writes: ['website_id', 'website', 'date', 'source', 'amount', 'currency'],
    required: [['website_id', 'website'], ['date'], ['source'], ['amount'], ['currency']],
  },
};

/** The columns an import of `declaration` reads: its export's columns, in their order. */
export const importColumns = (declaration: ImportDeclaration) => Object.keys(declaration.row.shape);

/** What stops a CSV file being read, in the words of someone who edits it in a spreadsheet. */
export const CSV_PROBLEMS = {
  quoteNotClosed: 'a cell opens a quote mark that is never closed',
  quoteInside:
    'a quote mark inside a cell: put the whole cell in quote marks, with each quote mark in it doubled',
  afterClosingQuote:
    'text after the quote mark that closes a cell: put the whole cell in quote marks, with each quote mark in it doubled',
  other: 'the line cannot be read as CSV',
} as const;

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file to import',
  fileTooLarge: `The file must be at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  notUtf8: 'The file must be UTF-8 text',
  unreadable: (reason: string) => `The file is not a readable CSV file: ${reason}`,
  /** A cell the CSV reading stopped at, as a spreadsheet user counts them (from 1). */
  unreadableCell: (line: number, cell: number, problem: string) =>
    `The file is not a readable CSV file: line ${line}, cell ${cell}: ${problem}`,
  empty: 'The file has no header row',
  unknownColumns: (columns: readonly string[], allowed: readonly string[]) =>
    `Unknown ${columns.length === 1 ? 'column' : 'columns'}: ${columns.join(', ')}. The columns are those of the export: ${allowed.join(', ')}`,
  duplicateColumns: (columns: readonly string[]) =>
    `Repeated ${columns.length === 1 ? 'column' : 'columns'}: ${columns.join(', ')}`,
  missingColumns: (groups: readonly (readonly string[])[]) =>
    `Missing required ${groups.length === 1 ? 'column' : 'columns'}: ${groups
      .map((group) => group.join(' or '))
      .join(', ')}`,
  idInvalid: 'The id must be a whole number',
  idMissing: (noun: string) => `No ${noun} has this id`,
  cellCount: 'The line has a different number of cells than the header',
  publishedUrlInvalid: (url: string) => `Not an http(s) URL: ${url}`,
  publishedUrlHost: (url: string) =>
    `No website of the post's category has the host of ${url}: give one URL per website, on its own host`,
  publishedUrlTwice: (host: string) => `Two URLs for the website of ${host}: give one per website`,
  referenceMissing: (noun: string, names: readonly string[]) =>
    `No ${noun} is named ${names.map((name) => `"${name}"`).join(', ')}`,
  notDone: 'The import is still running: undo it once it is done',
  alreadyUndone: 'This import has already been undone',
  /** `trashed`: the records created went to the trash; else (a resource with none) deleted. */
  undone: (created: number, updated: number, trashed = true) =>
    `Undone: ${created} created ${created === 1 ? 'record' : 'records'} ${
      trashed ? 'moved to the trash' : 'deleted'
    }, ${updated} updated ${updated === 1 ? 'record' : 'records'} put back`,
  notFound: 'No import has this id',
} as const;

/** POST {path}/import?dry_run=1 */
export const importQuerySchema = z.object({
  dry_run: z
    .preprocess((value) => value === '1' || value === 'true' || value === true, z.boolean())
    .optional(),
});

export const importErrorSchema = z.object({
  /** The file's line: the header is line 1. */
  line: z.number(),
  /** The column at fault, or '' when it is the line itself. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** A dry run's answer: every row checked, nothing written. */
export const importDryRunSchema = z.object({
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  /** The first IMPORT_DRY_RUN_ERRORS_MAX, by line. */
  errors: z.array(importErrorSchema),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const importStartedSchema = z.object({ import_id: z.number() });

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** GET /api/imports/{id} */
export const importSchema = z.object({
  id: z.number(),
  resource: z.enum(IMPORT_RESOURCES),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  /** Why the job stopped, when it failed as a whole. */
  message: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type ImportState = z.infer<typeof importSchema>;

export const importIdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/**
 * The abilities an import of `resource` needs: both its create and its edit, or the one
 * permission that guards a resource of no subject (revenue: `economics-manage`).
 */
export const importAbilities = (declaration: ImportDeclaration): readonly [Ability, Ability] => {
  const { subject, access } = declaration.resource;
  if (typeof access === 'string') return [access, access];
  return [`${subject!}-create`, `${subject!}-update`];
};

/**
 * What is wrong with a file's header row for `declaration`, checked before any row: unknown
 * columns by name, repeated ones, then the required ones missing. Null when it imports.
 */
export function importHeaderError(
  declaration: ImportDeclaration,
  header: readonly string[],
): string | null {
  const allowed = importColumns(declaration);
  const unknown = header.filter((column) => !allowed.includes(column));
  if (unknown.length > 0) return IMPORT_MESSAGES.unknownColumns(unknown, allowed);
  const repeated = header.filter((column, index) => header.indexOf(column) !== index);
  if (repeated.length > 0) return IMPORT_MESSAGES.duplicateColumns([...new Set(repeated)]);
  const missing = declaration.required.filter(
    (group) => !group.some((column) => header.includes(column)),
  );
  return missing.length > 0 ? IMPORT_MESSAGES.missingColumns(missing) : null;
}
