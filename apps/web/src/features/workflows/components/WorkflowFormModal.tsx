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

interface WorkflowFormValues {
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

/** 'Add New Workflow' / 'Edit Workflow': a name and its stages in order, moved up and down. */
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

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <TextField label="Name" registration={form.register('name')} error={errors.name} />
      <fieldset>
        <legend className="fs-6">Stages, first to last (the last one means approved)</legend>
        <ol className="list-unstyled">
          {stages.fields.map((field, index) => (
            <li key={field.id} className="d-flex gap-2 align-items-start mb-2">
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
              <fieldset className="btn-group mt-4" aria-label={`Order of stage ${index + 1}`}>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  aria-label="Move up"
                  disabled={index === 0}
                  onClick={() => stages.move(index, index - 1)}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  aria-label="Move down"
                  disabled={index === stages.fields.length - 1}
                  onClick={() => stages.move(index, index + 1)}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  aria-label="Remove"
                  disabled={stages.fields.length <= WORKFLOW_LIMITS.stagesMin}
                  onClick={() => stages.remove(index)}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
        {stageErrors?.message && (
          <div className="invalid-feedback d-block">{stageErrors.message}</div>
        )}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={stages.fields.length >= WORKFLOW_LIMITS.stagesMax}
          onClick={() => stages.append({ ...NEW_STAGE })}
        >
          Add a stage
        </button>
      </fieldset>
    </FormModal>
  );
}
