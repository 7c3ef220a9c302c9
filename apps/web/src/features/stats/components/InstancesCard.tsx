import { formatAge, INSTANCE_STATUS_COLOURS } from '@sitefleet/contract';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useInstanceDetails } from '../api/instance-details.ts';

/** Bootstrap's row class for an instance status; unknown statuses keep the table's colour. */
function rowClassFor(status: string): string | undefined {
  const colour = INSTANCE_STATUS_COLOURS[status];
  return colour ? `table-${colour}` : undefined;
}

export function InstancesCard() {
  const instances = useInstanceDetails();
  return (
    <div className="card mb-4">
      <div className="card-header">
        <h2 className="card-title h5 mb-0">Instances</h2>
      </div>
      <div className="card-body p-0 table-responsive">
        <table className="table table-dark mb-0" aria-label="Instances">
          <thead>
            <tr>
              <th scope="col" className="ps-3" style={{ width: '3rem' }}>
                #
              </th>
              <th scope="col">Instance</th>
              <th scope="col">Age</th>
            </tr>
          </thead>
          <tbody>
            {instances.isPending && (
              <TableMessageRow colSpan={3}>
                <LoadingSpinner small />
              </TableMessageRow>
            )}
            {instances.isError && (
              <TableMessageRow colSpan={3}>{instances.error.message}</TableMessageRow>
            )}
            {instances.data?.length === 0 && (
              <TableMessageRow colSpan={3}>{NO_RESULTS_TEXT}</TableMessageRow>
            )}
            {instances.data?.map((instance, index) => (
              <tr
                key={instance.id}
                className={rowClassFor(instance.status)}
                data-status={instance.status}
                title={instance.status}
              >
                <td className="ps-3">{index + 1}</td>
                <td>{instance.instance_id}</td>
                <td>{formatAge(instance.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
