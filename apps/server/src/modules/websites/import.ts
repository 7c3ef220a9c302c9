import { IMPORTS, type WebsiteValues, websiteInputSchema } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { idArray, queryRows } from '../../db/client.ts';
import { deleteToTrash } from '../../db/trash.ts';
import { formError, type Importer } from '../../lists/import.ts';
import { insertWebsite, saveWebsite } from './records.ts';

/** The form's fields a file may give; the others of the export (counts, health) are read only. */
const FORM_FIELDS = Object.keys(websiteInputSchema.shape);

export const websitesImporter: Importer<WebsiteValues> = {
  declaration: IMPORTS.websites,
  table: 'websites',
  trashType: 'websites',
  auditSubject: 'website',

  async check(_db, rows) {
    return rows.map((row) => {
      const input = Object.fromEntries(
        FORM_FIELDS.flatMap((field) => {
          const cell = row.cells[field];
          // The status is kept on an edit when the file leaves it out or blank, as the form does.
          if (cell === undefined || (field === 'status' && cell.trim() === '')) return [];
          return [[field, cell]];
        }),
      );
      const checked = formError(websiteInputSchema, input);
      return 'error' in checked
        ? { ...row, error: checked.error }
        : { ...row, id: row.id, form: checked.form as WebsiteValues };
    });
  },

  async write(tx, id, form) {
    if (id === null) return { id: await insertWebsite(tx, form), before: null };
    return { id, before: await saveWebsite(tx, id, form) };
  },

  async restore(tx, id, before) {
    await saveWebsite(tx, id, before as WebsiteValues);
  },

  async remove(tx, ids, deleter) {
    const found = (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM websites WHERE id = ANY(${idArray(ids)}) ORDER BY id FOR UPDATE`,
      )
    ).map((row) => row.id);
    if (found.length === 0) return 0;
    return (await deleteToTrash(tx, 'websites', found, deleter)).length;
  },
};
