import type { ImportState } from '@sitefleet/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { previewRows } from '../../lib/imports.ts';
import { ImportCheck } from './ImportCheck.tsx';
import { ImportProgress } from './ImportProgress.tsx';

const state = (overrides: Partial<ImportState>): ImportState => ({
  id: 7,
  resource: 'posts',
  file_name: 'posts.csv',
  status: 'running',
  total: 200,
  processed: 50,
  created: 50,
  updated: 0,
  failed: 0,
  message: null,
  started_at: null,
  finished_at: null,
  undone_at: null,
  ...overrides,
});

describe('the import modal parts', () => {
  it('previews the header and the first 20 rows of a file, quoted cells included', async () => {
    const lines = ['title,description', '"A, quoted",x'];
    for (let n = 2; n <= 30; n += 1) lines.push(`Row ${n},x`);
    const preview = await previewRows(new File([lines.join('\r\n')], 'posts.csv'));
    expect(preview.header).toEqual(['title', 'description']);
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual(['A, quoted', 'x']);
  });

  it('marks the refused rows of the preview and lists every error by line', () => {
    render(
      <ImportCheck
        dryRun={{
          rows: 3,
          valid: 2,
          invalid: 1,
          errors: [{ line: 3, column: 'title', message: 'Title is required' }],
        }}
        preview={{ header: ['title'], rows: [['One'], [''], ['Three']] }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      '3 rows: 2 ready to import, 1 refused. Nothing has been written yet.',
    );
    const first = screen.getByRole('table', { name: 'First rows of the file' });
    const refusedRow = within(first).getAllByRole('row')[2]!;
    expect(refusedRow.className).toBe('table-danger');
    const errors = screen.getByRole('table', { name: 'Refused rows' });
    expect(within(errors).getAllByRole('row')[1]!.textContent).toBe('3titleTitle is required');
  });

  it('shows the progress while the job runs, then the counts and the errors file', () => {
    const { rerender } = render(
      <ImportProgress state={state({})} error={null} errorsUrl="/e.csv" undone={null} />,
    );
    expect(
      screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(screen.getByRole('status').textContent).toBe('50 of 200 rows written…');
    expect(screen.queryByRole('link')).toBeNull();

    rerender(
      <ImportProgress
        state={state({ status: 'done', processed: 200, created: 190, failed: 10 })}
        error={null}
        errorsUrl="/e.csv"
        undone={null}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Done: 190 created, 0 updated, 10 refused.',
    );
    expect(
      screen.getByRole('link', { name: 'Download the 10 refused rows' }).getAttribute('href'),
    ).toBe('/e.csv');
  });
});
