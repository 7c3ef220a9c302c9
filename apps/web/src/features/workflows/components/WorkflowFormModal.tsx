import {
  WORKFLOW_LIMITS,
  WORKFLOW_MESSAGES,
  type Workflow,
  type WorkflowInput,
  workflowInputSchema,
  workflowsResource,
} from '@sitefleet/contract';
import { useFieldArray } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { useResourceForm } from '../../../lib/use-resource-form.ts';
import { useStagePeople } from '../api/stage-people.ts';
import { SortableStage, SortableStages } from './SortableStages.tsx';
import { StageMembersFields } from './StageMembersFields.tsx';

export interface WorkflowFormValues {
  name: string;
  stages: { name: string; colour: string; role_ids: number[]; user_ids: number[] }[];
}

const NEW_STAGE = { name: '', colour: '#6b7280', role_ids: [], user_ids: [] };

function initialValues(workflow: Workflow | null): WorkflowFormValues {
  if (!workflow) {
    return {
      name: '',
      stages: [
        { ...NEW_STAGE, name: 'Draft' },
        { ...NEW_STAGE, name: 'Approved', colour: '#16a34a' },
      ],
    };
  }
  return {
    name: workflow.name,
    stages: workflow.stages.map(({ name, colour, role_ids, user_ids }) => ({
      name,
      colour,
      role_ids,
      user_ids,
    })),
  };
}

/** 'Add New Workflow' / 'Edit Workflow': a name and its stages in order, dragged into place. */
export function WorkflowFormModal({
  workflow,
  onClose,
}: {
  workflow: Workflow | null;
  onClose: () => void;
}) {
  const { form, errors, modal } = useResourceForm<WorkflowFormValues, Workflow>({
    recordId: workflow?.id ?? null,
    noun: 'Workflow',
    resolver: contractResolver<WorkflowFormValues>(workflowInputSchema),
    defaultValues: initialValues(workflow),
    resource: workflowsResource,
    messages: { created: WORKFLOW_MESSAGES.created, updated: WORKFLOW_MESSAGES.updated },
    payload: (values): WorkflowInput => values,
    onClose,
  });
  const stages = useFieldArray({ control: form.control, name: 'stages' });
  const stageErrors = errors.stages;
  const people = useStagePeople();

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <TextField label="Name" registration={form.register('name')} error={errors.name} />
      <fieldset>
        <legend className="fs-6">Stages, first to last (the last one means approved)</legend>
        <p className="form-text mt-0">
          A stage's roles and users are who may move a variant out of it; with none, anyone who may
          review may.
        </p>
        <SortableStages
          ids={stages.fields.map((field) => field.id)}
          names={(form.watch('stages') ?? []).map((stage) => stage.name)}
          onMove={stages.move}
        >
          {stages.fields.map((field, index) => (
            <SortableStage key={field.id} id={field.id} handleLabel={`Reorder stage ${index + 1}`}>
              <div className="flex-grow-1">
                <div className="d-flex gap-2 align-items-start">
                  <TextField
                    className="flex-grow-1"
                    label={`Stage ${index + 1}`}
                    registration={form.register(`stages.${index}.name`)}
                    error={stageErrors?.[index]?.name}
                  />
                  <TextField
                    label="Colour"
                    type="color"
                    className="form-control-color"
                    registration={form.register(`stages.${index}.colour`)}
                    error={stageErrors?.[index]?.colour}
                  />
                  <button
                    type="button"
                    className="btn btn-outline-danger mt-4"
                    aria-label={`Remove stage ${index + 1}`}
                    disabled={stages.fields.length <= WORKFLOW_LIMITS.stagesMin}
                    onClick={() => stages.remove(index)}
                  >
                    <i className="bi bi-x-lg" aria-hidden="true" />
                  </button>
                </div>
                <StageMembersFields
                  control={form.control}
                  index={index}
                  people={people.data}
                  loading={people.isPending}
                  errors={stageErrors?.[index]}
                />
              </div>
            </SortableStage>
          ))}
        </SortableStages>
        {stageErrors?.message && (
          <div className="invalid-feedback d-block">{stageErrors.message}</div>
        )}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={stages.fields.length >= WORKFLOW_LIMITS.stagesMax}
          // The last stage means approved: a new stage goes before it, not after.
          onClick={() => stages.insert(stages.fields.length - 1, { ...NEW_STAGE })}
        >
          Add a stage
        </button>
      </fieldset>
    </FormModal>
  );
}
