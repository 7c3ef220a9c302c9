import { ASSIGNEE_ME, WORKFLOW_OPTIONS_ACCESS } from '@sitefleet/contract';
import { useCan } from '../../lib/abilities.ts';
import { useWorkflowOptions } from '../../lib/content/variant-review.ts';

type ReviewFilter = 'stage_id' | 'assignee_id';

interface ReviewFiltersProps {
  values: Partial<Record<ReviewFilter, string | undefined>>;
  onChange: (changes: Partial<Record<ReviewFilter, string | undefined>>) => void;
}

/**
 * The Stage and Assignee filters of the Posts and Categories lists: records with a variant in a
 * stage (of any workflow), or assigned to the signed-in user (`me`, so that a saved view of it
 * serves every user); both, a variant in that stage assigned to them. The stages show only to
 * those who may read them.
 */
export function ReviewFilters({ values, onChange }: ReviewFiltersProps) {
  const mayReadStages = useCan(WORKFLOW_OPTIONS_ACCESS);
  return (
    <>
      {mayReadStages && <StageFilter values={values} onChange={onChange} />}
      <select
        className="form-select form-select-sm w-auto"
        aria-label="Assignee filter"
        value={values.assignee_id ?? ''}
        onChange={(event) => onChange({ assignee_id: event.target.value || undefined })}
      >
        <option value="">Anyone assigned or not</option>
        <option value={ASSIGNEE_ME}>Assigned to me</option>
        {values.assignee_id && values.assignee_id !== ASSIGNEE_ME && (
          <option value={values.assignee_id}>Assigned to user #{values.assignee_id}</option>
        )}
      </select>
    </>
  );
}

function StageFilter({ values, onChange }: ReviewFiltersProps) {
  const workflows = useWorkflowOptions();
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label="Stage filter"
      value={values.stage_id ?? ''}
      onChange={(event) => onChange({ stage_id: event.target.value || undefined })}
    >
      <option value="">All stages</option>
      {(workflows.data ?? []).map((workflow) => (
        <optgroup key={workflow.id} label={workflow.name}>
          {workflow.stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
