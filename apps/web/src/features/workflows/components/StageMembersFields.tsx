import type { StagePeople } from '@sitefleet/contract';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { describedBy, FormField } from '../../../components/form/FormField.tsx';
import { MultiSelect } from '../../../components/MultiSelect.tsx';
import type { WorkflowFormValues } from './WorkflowFormModal.tsx';

/**
 * Who may move a variant out of stage `index`: its roles and its users. Both empty, anyone who
 * may review may.
 */
export function StageMembersFields({
  control,
  index,
  people,
  loading,
  errors,
}: {
  control: Control<WorkflowFormValues>;
  index: number;
  people: StagePeople | undefined;
  loading: boolean;
  errors: { role_ids?: { message?: string }; user_ids?: { message?: string } } | undefined;
}) {
  const rolesId = useId();
  const usersId = useId();
  const stage = `stage ${index + 1}`;
  return (
    <div className="row g-2 w-100">
      <FormField
        className="col-sm-6 mb-0"
        label={`Roles who may move out of ${stage}`}
        controlId={rolesId}
        error={errors?.role_ids}
      >
        <Controller
          control={control}
          name={`stages.${index}.role_ids`}
          render={({ field }) => (
            <MultiSelect
              inputId={rolesId}
              options={(people?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              isLoading={loading}
              invalid={errors?.role_ids !== undefined}
              ariaDescribedBy={errors?.role_ids ? describedBy(rolesId) : undefined}
              placeholder="Any role"
            />
          )}
        />
      </FormField>
      <FormField
        className="col-sm-6 mb-0"
        label={`Users who may move out of ${stage}`}
        controlId={usersId}
        error={errors?.user_ids}
      >
        <Controller
          control={control}
          name={`stages.${index}.user_ids`}
          render={({ field }) => (
            <MultiSelect
              inputId={usersId}
              options={(people?.users ?? []).map((user) => ({
                value: user.id,
                label: `${user.name} (${user.email})`,
              }))}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              isLoading={loading}
              invalid={errors?.user_ids !== undefined}
              ariaDescribedBy={errors?.user_ids ? describedBy(usersId) : undefined}
              placeholder="Any user"
            />
          )}
        />
      </FormField>
    </div>
  );
}
