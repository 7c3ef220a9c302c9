import type { ReactNode } from 'react';

/** One full-width row for a table's loading, error or empty state. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="text-center text-body-secondary py-3">
        {children}
      </td>
    </tr>
  );
}
