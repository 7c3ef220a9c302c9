import { INSTANCE_MESSAGES, INSTANCE_ORDER_KEYS, type Instance } from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { AddNewButton } from '../../../components/AddNewButton.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DeleteSelectedButton } from '../../../components/DeleteSelectedButton.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useDeleteRow, useDeleteRows } from '../../../lib/delete-rows.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { instanceListKey, instancesKey, useInstances } from '../api/instances.ts';
import { useInstanceColumns } from '../components/InstanceColumns.tsx';
import { InstanceFormModal } from '../components/InstanceFormModal.tsx';
import { InstanceLogsModal } from '../components/InstanceLogsModal.tsx';

/** Which dialog is open, and on which instance. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; instance: Instance | null }
  | { kind: 'logs'; instance: Instance };

export function InstancesPage() {
  const list = useListParams();
  const request = { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort };
  const instances = useInstances(request);
  useKeepPageInRange(instances.data, list.setPage);
  const selection = useRowSelection(listReloadKey(instances, instanceListKey(request)));
  const canDelete = useCan('instance-delete');

  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);
  const [deleting, setDeleting] = useState<Instance | null>(null);
  const deleteInstance = useDeleteRow({
    path: '/api/instances',
    listKey: instancesKey,
    deletedMessage: INSTANCE_MESSAGES.deleted(1),
  });
  const deleteInstances = useDeleteRows({ path: '/api/instances', listKey: instancesKey });

  const columns = useInstanceColumns({
    onEdit: useCallback((instance: Instance) => setDialog({ kind: 'form', instance }), []),
    onDetails: useCallback((instance: Instance) => setDialog({ kind: 'logs', instance }), []),
    onDelete: setDeleting,
  });

  return (
    <Page title="Instances">
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search instances" />}
        actions={
          <>
            <ExportButton resource="instances" list={list} />
            <IfAllowed ability="instance-delete">
              <DeleteSelectedButton
                count={selection.selectedIds.length}
                onConfirm={() => deleteInstances.mutateAsync(selection.selectedIds)}
                question={(count) =>
                  `Are you sure you want to delete the ${count} selected ${count === 1 ? 'instance' : 'instances'} ?`
                }
              />
            </IfAllowed>
            <AddNewButton
              ability="instance-create"
              label="Add New Instance"
              onClick={() => setDialog({ kind: 'form', instance: null })}
            />
          </>
        }
        footer={
          <Pagination
            page={instances.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Instances pages"
          />
        }
      >
        <DataTable
          label="Instances"
          columns={columns}
          rows={instances.data?.data}
          rowId={(instance) => instance.id}
          selection={canDelete ? selection : undefined}
          isFetching={instances.isFetching}
          error={instances.error}
          sortKeys={INSTANCE_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </ListCard>

      {dialog.kind === 'form' && (
        <InstanceFormModal instance={dialog.instance} onClose={closeDialog} />
      )}
      {dialog.kind === 'logs' && (
        <InstanceLogsModal instance={dialog.instance} onClose={closeDialog} />
      )}

      <ConfirmModal
        show={deleting !== null}
        title="Delete Instance"
        busy={deleteInstance.isPending}
        onConfirm={() =>
          deleting && deleteInstance.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete the instance {deleting?.instance_id} ?
      </ConfirmModal>
    </Page>
  );
}
