import {
  WORKFLOW_MESSAGES,
  WORKFLOW_ORDER_KEYS,
  type Workflow,
  workflowsResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { SecondPersonSwitch } from '../components/SecondPersonSwitch.tsx';
import { WorkflowFormModal } from '../components/WorkflowFormModal.tsx';
import { useWorkflowColumns } from '../components/workflow-columns.tsx';

/** Parameters › Workflows: the four-eyes switch, the review workflows and their stages in order. */
export function WorkflowsPage() {
  const list = useResourceList({
    rowId: (workflow) => workflow.id,
    resource: workflowsResource,
    deletedMessage: WORKFLOW_MESSAGES.deleted,
  });
  const [editing, setEditing] = useState<Workflow | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);
  const columns = useWorkflowColumns({
    onEdit: useCallback((workflow: Workflow) => setEditing(workflow), []),
    onDelete: list.askDelete,
  });

  return (
    <ResourceListPage
      title="Workflows"
      list={list}
      columns={columns}
      sortKeys={WORKFLOW_ORDER_KEYS}
      emptyText={WORKFLOW_MESSAGES.empty}
      banner={<SecondPersonSwitch />}
      addNew={{
        label: 'Add New Workflow',
        form: (close) => <WorkflowFormModal workflow={null} onClose={close} />,
      }}
      deleteConfirmation={{
        title: 'Delete Workflow',
        question: (workflow) => `Are you sure you want to delete the workflow ${workflow.name} ?`,
      }}
    >
      {editing && <WorkflowFormModal workflow={editing} onClose={closeForm} />}
    </ResourceListPage>
  );
}
