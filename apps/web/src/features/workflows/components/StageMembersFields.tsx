import type { StagePeople } from '@sitefleet/contract';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { describedBy, FormField } from '../../../components/form/FormField.tsx';
import { MultiSelect } from '../../../components/MultiSelect.tsx';
import type { WorkflowFormValues } from './WorkflowFormModal.tsx';

type MemberList = 'role_ids' | 'user_ids';

/** One list of who may move out of the stage: a multi-select of roles or of users. */
function MemberField({
  control,
  index,
  list,
  label,
  options,
  placeholder,
  loading,
  error,
}: {
  control: Control<WorkflowFormValues>;
  index: number;
  list: MemberList;
  label: string;
  options: { value: number; label: string }[];
  placeholder: string;
  loading: boolean;
  error: { message?: string } | undefined;
}) {
  const id = useId();
  return (
    <FormField className="col-sm-6 mb-0" label={label} controlId={id} error={error}>
      <Controller
        control={control}
        name={`stages.${index}.${list}`}
        render={({ field }) => (
          <MultiSelect
            inputId={id}
            options={options}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isLoading={loading}
            invalid={error !== undefined}
            ariaDescribedBy={error ? describedBy(id) : undefined}
            placeholder={placeholder}
          />
        )}
      />
    </FormField>
  );
}

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
  errors: Partial<Record<MemberList, { message?: string }>> | undefined;
}) {
  const stage = `stage ${index + 1}`;
  const shared = { control, index, loading };
  return (
    <div className="row g-2 w-100">
      <MemberField
        {...shared}
        list="role_ids"
        label={`Roles who may move out of ${stage}`}
        options={(people?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
        placeholder="Any role"
        error={errors?.role_ids}
      />
      <MemberField
        {...shared}
        list="user_ids"
        label={`Users who may move out of ${stage}`}
        options={(people?.users ?? []).map((user) => ({
          value: user.id,
          label: `${user.name} (${user.email})`,
        }))}
        placeholder="Any user"
        error={errors?.user_ids}
      />
    </div>
  );
}
