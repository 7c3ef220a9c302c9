import { PROFILE_MESSAGES, type Profile, profileUpdateSchema } from '@sitefleet/contract';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { useUpdateProfile } from '../api/profile.ts';

interface ProfileFormValues {
  name: string;
  email: string;
}

/** 'Edit Profile': name and e-mail. Clients of the original API also send the role, which is not editable here. */
export function ProfileForm({ user }: { user: Profile }) {
  const form = useForm<ProfileFormValues>({
    resolver: contractResolver(profileUpdateSchema),
    defaultValues: { name: user.name, email: user.email },
  });
  const { errors } = form.formState;
  const save = useUpdateProfile();

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, role: user.role },
      {
        onSuccess: ({ user: saved }) => {
          notifySuccess(PROFILE_MESSAGES.updated);
          form.reset({ name: saved.name, email: saved.email });
        },
        onError: (error) => bindServerErrors(error, form),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormErrorAlert errors={errors} />
      <TextField label="Name" registration={form.register('name')} error={errors.name} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email}
      />
      <SubmitButton busy={save.isPending}>Save</SubmitButton>
    </form>
  );
}
