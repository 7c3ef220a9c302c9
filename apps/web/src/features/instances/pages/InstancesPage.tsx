import {
  INSTANCE_MESSAGES,
  INSTANCE_ORDER_KEYS,
  type Instance,
  instancesResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { InstanceFormModal } from '../components/InstanceFormModal.tsx';
import { InstanceLogsModal } from '../components/InstanceLogsModal.tsx';
import { useInstanceColumns } from '../components/instance-columns.tsx';

/** Which dialog is open, and on which instance. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; instance: Instance }
  | { kind: 'logs'; instance: Instance };

export function InstancesPage() {
  const list = useResourceList({
    rowId: (instance) => instance.id,
    resource: instancesResource,
    deletedMessage: INSTANCE_MESSAGES.deleted(1),
  });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);

  const columns = useInstanceColumns({
    onEdit: useCallback((instance: Instance) => setDialog({ kind: 'form', instance }), []),
    onDetails: useCallback((instance: Instance) => setDialog({ kind: 'logs', instance }), []),
    onDelete: list.askDelete,
  });

  return (
    <ResourceListPage
      title="Instances"
      list={list}
      columns={columns}
      sortKeys={INSTANCE_ORDER_KEYS}
      deleteSelected
      addNew={{
        label: 'Add New Instance',
        form: (close) => <InstanceFormModal instance={null} onClose={close} />,
      }}
      deleteConfirmation={{
        title: 'Delete Instance',
        question: (instance) =>
          `Are you sure you want to delete the instance ${instance.instance_id} ?`,
      }}
    >
      {dialog.kind === 'form' && (
        <InstanceFormModal instance={dialog.instance} onClose={closeDialog} />
      )}
      {dialog.kind === 'logs' && (
        <InstanceLogsModal instance={dialog.instance} onClose={closeDialog} />
      )}
    </ResourceListPage>
  );
}
