import { IMPORT_PREVIEW_ROWS, type ImportDryRun } from '@sitefleet/contract';
import { Alert, Table } from 'react-bootstrap';

const count = (n: number) => n.toLocaleString('en-US');

/** The dry run of a file: its counts, its first rows (those refused marked) and every error by line. */
export function ImportCheck({
  dryRun,
  preview,
}: {
  dryRun: ImportDryRun;
  preview: { header: string[]; rows: string[][] };
}) {
  const refusedLines = new Set(dryRun.errors.map((error) => error.line));
  const unlisted = dryRun.invalid - dryRun.errors.length;
  return (
    <div className="mt-3">
      <Alert variant={dryRun.invalid === 0 ? 'success' : 'warning'} role="status">
        {count(dryRun.rows)} {dryRun.rows === 1 ? 'row' : 'rows'}: {count(dryRun.valid)} ready to
        import, {count(dryRun.invalid)} refused. Nothing has been written yet.
      </Alert>
      {preview.rows.length > 0 && (
        <>
          <h3 className="h6">First {Math.min(IMPORT_PREVIEW_ROWS, preview.rows.length)} rows</h3>
          <div className="table-responsive mb-3" style={{ maxHeight: '16rem' }}>
            <Table size="sm" bordered aria-label="First rows of the file">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  {preview.header.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, index) => {
                  // Line 1 is the header; the preview reads lines without breaks in cells.
                  const line = index + 2;
                  return (
                    <tr key={line} className={refusedLines.has(line) ? 'table-danger' : undefined}>
                      <td>{line}</td>
                      {preview.header.map((column, cell) => (
                        <td key={column} className="text-truncate" style={{ maxWidth: '14rem' }}>
                          {row[cell]}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
        </>
      )}
      {dryRun.errors.length > 0 && (
        <>
          <h3 className="h6">Refused rows</h3>
          <div className="table-responsive" style={{ maxHeight: '16rem' }}>
            <Table size="sm" striped aria-label="Refused rows">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Column</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {dryRun.errors.map((error) => (
                  <tr key={error.line}>
                    <td>{error.line}</td>
                    <td>{error.column}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {unlisted > 0 && (
            <p className="small text-body-secondary mb-0">
              And {count(unlisted)} more: the import's errors file lists every refused row.
            </p>
          )}
        </>
      )}
    </div>
  );
}
