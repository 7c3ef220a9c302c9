import { roundMoney } from '@sitefleet/contract';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money.tsx';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';

export interface BreakdownRow {
  key: string;
  name: ReactNode;
  amount: number | null;
}

/** A period's amounts by what they came from (a source, a kind of cost), and their total. */
export function BreakdownTable({
  title,
  what,
  rows,
  total: answeredTotal,
  currency,
  missingRates,
  emptyText,
}: {
  title: string;
  /** The first column's header: 'Source'. */
  what: string;
  rows: readonly BreakdownRow[];
  /** The total as the server answers it; else the rows' figures summed. */
  total?: number | null;
  currency: string;
  missingRates: readonly string[];
  emptyText: string;
}) {
  // Its rows' figures summed as answered (to the hundredth); unknown when one of them is.
  const total =
    answeredTotal !== undefined
      ? answeredTotal
      : rows.some((row) => row.amount === null)
        ? null
        : roundMoney(rows.reduce((sum, row) => sum + (row.amount ?? 0), 0));
  const money = (value: number | null) => (
    <Money value={value} currency={currency} missingRates={missingRates} />
  );
  return (
    <div className="card h-100">
      <div className="card-header">
        <h4 className="card-title h6 mb-0">{title}</h4>
      </div>
      <div className="card-body p-0 table-responsive">
        <table className="table table-sm mb-0" aria-label={title}>
          <thead>
            <tr>
              <th scope="col" className="ps-3">
                {what}
              </th>
              <th scope="col" className="text-end pe-3">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <TableMessageRow colSpan={2}>{emptyText}</TableMessageRow>}
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="ps-3">{row.name}</td>
                <td className="text-end text-nowrap pe-3">{money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr className="fw-semibold">
                <th scope="row" className="ps-3">
                  Total
                </th>
                <td className="text-end text-nowrap pe-3">{money(total)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
