import {
  DEFAULT_GUARD,
  ROLE_MESSAGES,
  type Role,
  type RoleInput,
  roleInputSchema,
} from '@sitefleet/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { PageFormFooter } from '../../../components/form/PageFormFooter.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { useSaveRole } from '../api/role.ts';

/**
 * Name and guard name with Submit and Back. A created role opens in edit mode (its own address),
 * which shows the 'Role Permissions' card.
 */
export function RoleForm({ savedRole: role }: { savedRole: Role | null }) {
  const form = useForm<RoleInput>({
    resolver: contractResolver(roleInputSchema),
    defaultValues: { name: role?.name ?? '', guard_name: role?.guard_name ?? DEFAULT_GUARD },
  });
  const { errors } = form.formState;
  const save = useSaveRole(role?.id ?? null);
  const navigate = useNavigate();

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        if (role) {
          notifySuccess(ROLE_MESSAGES.updated);
          form.reset({ name: saved.name, guard_name: saved.guard_name });
        } else {
          notifySuccess(ROLE_MESSAGES.created);
          void navigate(paths.roleEdit(saved.id), { replace: true });
        }
      },
      onError: (error) => bindServerErrors(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="card mb-4">
      <div className="card-header">
        <h2 className="card-title h5 mb-0">{role ? 'Edit Role' : 'New Role'}</h2>
      </div>
      <div className="card-body">
        <FormErrorAlert errors={errors} />
        <div className="row">
          <TextField
            className="col-md-6 mb-3"
            label="Name"
            registration={form.register('name')}
            error={errors.name}
          />
          <TextField
            className="col-md-6 mb-3"
            label="Guard Name"
            registration={form.register('guard_name')}
            error={errors.guard_name}
          />
        </div>
      </div>
      <PageFormFooter busy={save.isPending} backTo={paths.roles} />
    </form>
  );
}
