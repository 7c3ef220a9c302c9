import type { ApiTokenCreated } from '@sitefleet/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { useCreateToken } from '../api/tokens.ts';
import { AbilityChecklist } from './AbilityChecklist.tsx';
import {
  DEFAULT_TOKEN_DAYS,
  defaultTokenValues,
  grantableAbilityGroups,
  type TokenFormValues,
  tokenFormResolver,
  tokenPayload,
} from './token-form.ts';

interface TokenFormModalProps {
  onClose: () => void;
  /** The new token, with its secret: the caller shows it this once. */
  onCreated: (token: ApiTokenCreated) => void;
}

/** 'New API token': its name, the last day it works and the abilities, from the user's own. */
export function TokenFormModal({ onClose, onCreated }: TokenFormModalProps) {
  const { abilities } = useAuth();
  const groups = useMemo(() => grantableAbilityGroups(abilities), [abilities]);
  const form = useForm<TokenFormValues>({
    resolver: tokenFormResolver,
    defaultValues: defaultTokenValues(),
  });
  const { errors } = form.formState;
  const create = useCreateToken();

  const submit = form.handleSubmit((values) =>
    create.mutate(tokenPayload(values), {
      onSuccess: onCreated,
      onError: (error) => bindServerErrors(error, form),
    }),
  );

  return (
    <FormModal
      show
      title="New API token"
      onSubmit={submit}
      onCancel={onClose}
      busy={create.isPending}
      submitLabel="Create token"
      size="lg"
    >
      <FormErrorAlert errors={errors} />
      <TextField
        label="Name"
        registration={form.register('name')}
        error={errors.name}
        help="What the token is for, e.g. the script or service that sends it."
      />
      <DateField
        label="Expires On"
        control={form.control}
        name="expires_at"
        error={errors.expires_at}
        help={`It works until the end of this day; ${DEFAULT_TOKEN_DAYS} days unless you change it, a year at most.`}
      />
      <Controller
        control={form.control}
        name="abilities"
        render={({ field }) => (
          <AbilityChecklist
            groups={groups}
            value={field.value}
            onChange={field.onChange}
            error={errors.abilities}
            inputRef={field.ref}
          />
        )}
      />
    </FormModal>
  );
}
