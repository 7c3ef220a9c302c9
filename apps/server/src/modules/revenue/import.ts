import {
  IMPORT_MESSAGES,
  IMPORTS,
  REVENUE_MESSAGES,
  type RevenueCsvRow,
  type RevenueRowInput,
  revenueCsvRowSchema,
  siteHost,
  TRAFFIC_MESSAGES,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { idArray, queryRows, textArray } from '../../db/client.ts';
import { type CheckedRow, formError, type Importer } from '../../lists/import.ts';
import { upsertRevenue } from './service.ts';

/**
 * The revenue's CSV import, through the lists' import (dry run, job, refused rows, undo). A row
 * names its website by id, or by its name or URL; a row of a website, source and day that has
 * one replaces its amount and currency (an update, which an undo puts back), any other is new
 * (which an undo deletes: revenue has no trash).
 */

const COLUMNS = Object.keys(revenueCsvRowSchema.shape);

/** The amount and currency a replaced row had. */
interface Before {
  amount: string;
  currency: string;
}

/** The host a cell names when read as a URL or a bare domain; null when it is not one. */
function hostOfCell(cell: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(cell) ? cell : `https://${cell}`);
    return url.hostname.includes('.') ? siteHost(url.hostname) : null;
  } catch {
    return null;
  }
}

/** A website's host as the database reads it from its URL, without `www.`. */
const WEBSITE_HOST = sql`regexp_replace(lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', '')`;

/**
 * The websites the rows name by name or URL, in one query: each name's and each host's
 * websites. A name is matched in any case; a host with or without `www.`.
 */
async function websitesNamed(db: Parameters<Importer['check']>[0], cells: readonly string[]) {
  const names = [...new Set(cells.map((cell) => cell.toLowerCase()))];
  const hosts = [...new Set(cells.flatMap((cell) => hostOfCell(cell) ?? []))];
  const found = await queryRows<{ id: number; name: string; host: string | null }>(
    db,
    sql`SELECT id, lower(name) AS name, ${WEBSITE_HOST} AS host FROM websites
        WHERE lower(name) = ANY(${textArray(names)}) OR ${WEBSITE_HOST} = ANY(${textArray(hosts)})`,
  );
  /** The websites a cell names: those of that name, else those of its host. */
  return (cell: string) => {
    const byName = found.filter((website) => website.name === cell.toLowerCase());
    if (byName.length > 0) return byName.map((website) => website.id);
    const host = hostOfCell(cell);
    return found.filter((website) => host && website.host === host).map((website) => website.id);
  };
}

export const revenueImporter: Importer<RevenueRowInput> = {
  declaration: IMPORTS.revenue,
  table: 'revenue',
  auditSubject: 'revenue',

  async check(db, rows) {
    const parsed = rows.map((row) => {
      const input = Object.fromEntries(
        COLUMNS.flatMap((column) =>
          row.cells[column] === undefined ? [] : [[column, row.cells[column]]],
        ),
      );
      return { row, checked: formError(revenueCsvRowSchema, input) };
    });
    const forms = parsed.flatMap(({ checked }) =>
      'form' in checked ? [checked.form as RevenueCsvRow] : [],
    );
    const ids = forms.flatMap((form) => form.website_id ?? []);
    const existing = new Set(
      ids.length === 0
        ? []
        : (
            await queryRows<{ id: number }>(
              db,
              sql`SELECT id FROM websites WHERE id = ANY(${idArray(ids)})`,
            )
          ).map((row) => row.id),
    );
    const named = forms.flatMap((form) =>
      form.website_id === undefined && form.website ? [form.website] : [],
    );
    const websitesOf = named.length > 0 ? await websitesNamed(db, named) : () => [];
    return parsed.map(({ row, checked }): CheckedRow<RevenueRowInput> => {
      if ('error' in checked) return { ...row, error: checked.error };
      const form = checked.form as RevenueCsvRow;
      let websiteId = form.website_id;
      if (websiteId !== undefined && !existing.has(websiteId)) {
        return {
          ...row,
          error: { column: 'website_id', message: TRAFFIC_MESSAGES.websiteUnknown },
        };
      }
      if (websiteId === undefined) {
        const found = websitesOf(form.website!);
        if (found.length !== 1) {
          const message =
            found.length === 0
              ? IMPORT_MESSAGES.referenceMissing('website', [form.website!])
              : REVENUE_MESSAGES.websiteAmbiguous;
          return { ...row, error: { column: 'website', message } };
        }
        websiteId = found[0]!;
      }
      const { date, source, amount, currency } = form;
      return { ...row, id: null, form: { website_id: websiteId, date, source, amount, currency } };
    });
  },

  async write(tx, _id, form) {
    const [before] = await queryRows<Before>(
      tx,
      sql`SELECT amount::text AS amount, currency FROM revenue
          WHERE website_id = ${form.website_id} AND source = ${form.source}
            AND day = ${form.date}::date
          FOR UPDATE`,
    );
    const [written] = await upsertRevenue(tx, [form]);
    return { id: written!.id, before: before ?? null };
  },

  async restore(tx, id, before) {
    const { amount, currency } = before as Before;
    await tx.execute(
      sql`UPDATE revenue SET amount = ${amount}::numeric, currency = ${currency} WHERE id = ${id}`,
    );
  },

  async remove(tx, ids) {
    const removed = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM revenue WHERE id = ANY(${idArray(ids)}) RETURNING id`,
    );
    return removed.length;
  },
};
