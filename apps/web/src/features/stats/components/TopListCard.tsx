import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { type TopItem, useTopCategories, useTopWebsites } from '../api/top-lists.ts';

const views = new Intl.NumberFormat('en');

function TopListCard({ title, items }: { title: string; items: UseQueryResult<TopItem[]> }) {
  return (
    <div className="card mb-4">
      <div className="card-header">
        <h2 className="card-title h5 mb-0">{title}</h2>
      </div>
      <div className="card-body p-0 table-responsive">
        <table className="table table-striped mb-0" aria-label={title}>
          <thead>
            <tr>
              <th scope="col" className="ps-3" style={{ width: '3rem' }}>
                #
              </th>
              <th scope="col">Name</th>
              <th scope="col" className="text-end pe-3">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {items.isPending && (
              <TableMessageRow colSpan={3}>
                <LoadingSpinner small />
              </TableMessageRow>
            )}
            {items.isError && <TableMessageRow colSpan={3}>{items.error.message}</TableMessageRow>}
            {items.data?.length === 0 && (
              <TableMessageRow colSpan={3}>{NO_RESULTS_TEXT}</TableMessageRow>
            )}
            {items.data?.map((item, index) => (
              <tr key={item.id}>
                <td className="ps-3">{index + 1}</td>
                <td>{item.name}</td>
                <td className="text-end pe-3">{views.format(item.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function TopWebsitesCard() {
  return <TopListCard title="Top Websites" items={useTopWebsites()} />;
}

export function TopCategoriesCard() {
  return <TopListCard title="Top Categories" items={useTopCategories()} />;
}
