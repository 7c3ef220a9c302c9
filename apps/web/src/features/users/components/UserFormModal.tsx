import {
  USER_MESSAGES,
  type UserRow,
  userCreateSchema,
  usersResource,
  userUpdateSchema,
} from '@sitefleet/contract';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { describedBy, FormField, TextField } from '../../../components/form/FormField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { MultiSelect } from '../../../components/MultiSelect.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { useRoleOptions } from '../../../lib/role-options.ts';
import { useResourceForm } from '../../../lib/use-resource-form.ts';

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  roles: number[];
}

interface UserFormModalProps {
  /** The user to edit, or null to add one. */
  user: UserRow | null;
  onClose: () => void;
}

/** 'Add New User' / 'Edit User': name, email, password (empty on edit: unchanged) and roles. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const editing = user !== null;
  const { form, errors, modal } = useResourceForm({
    recordId: user?.id ?? null,
    noun: 'User',
    resolver: contractResolver<UserFormValues>(editing ? userUpdateSchema : userCreateSchema),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      roles: user?.roles.map((role) => role.id) ?? [],
    },
    // The update names its user in the body too (an empty password keeps the stored one).
    payload: (values, id) => (id === null ? values : { ...values, id }),
    resource: usersResource,
    messages: { created: USER_MESSAGES.created, updated: USER_MESSAGES.updated },
    onClose,
  });
  const roleOptions = useRoleOptions();
  const rolesId = useId();

  return (
    <FormModal {...modal}>
      <FormErrorAlert errors={errors} />
      <TextField label="Name" registration={form.register('name')} error={errors.name} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        registration={form.register('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder={editing ? 'Leave empty to keep the current password' : undefined}
        registration={form.register('password')}
        error={errors.password}
      />
      <FormField label="Roles" controlId={rolesId} error={errors.roles} className="mb-0">
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <MultiSelect
              inputId={rolesId}
              options={(roleOptions.data ?? []).map((role) => ({
                value: role.id,
                label: role.name,
              }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              isLoading={roleOptions.isPending}
              invalid={errors.roles !== undefined}
              ariaDescribedBy={errors.roles ? describedBy(rolesId) : undefined}
              placeholder="Select roles"
            />
          )}
        />
        {roleOptions.isError && (
          <div className="form-text text-danger">{roleOptions.error.message}</div>
        )}
      </FormField>
      {user && <HistoryPanel subjectType="user" subjectId={user.id} />}
    </FormModal>
  );
}
