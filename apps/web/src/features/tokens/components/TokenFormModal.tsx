import { type ApiTokenCreated, WEBSITE_READING_ABILITIES } from '@sitefleet/contract';
import { useId, useMemo } from 'react';
import { Controller, type FieldError, type UseFormReturn, useForm } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { describedBy, FormField, TextField } from '../../../components/form/FormField.tsx';
import { MultiSelect } from '../../../components/MultiSelect.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
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

/**
 * 'New API token': its name, the last day it works, the abilities (from the user's own) and,
 * for whoever sees websites, the websites it is limited to.
 */
export function TokenFormModal({ onClose, onCreated }: TokenFormModalProps) {
  const { abilities } = useAuth();
  const groups = useMemo(() => grantableAbilityGroups(abilities), [abilities]);
  const form = useForm<TokenFormValues>({
    resolver: tokenFormResolver,
    defaultValues: defaultTokenValues(),
  });
  const { errors } = form.formState;
  const create = useCreateToken();
  const seesWebsites = useCan(WEBSITE_READING_ABILITIES);

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
      {seesWebsites && <WebsitesField form={form} />}
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

/** The websites a token is limited to; none chosen: every website. */
function WebsitesField({ form }: { form: UseFormReturn<TokenFormValues> }) {
  const websites = useWebsiteOptions();
  const id = useId();
  // A message for the whole list (an unknown website), not one per chosen id.
  const error = form.formState.errors.website_ids as FieldError | undefined;
  return (
    <FormField
      label="Websites"
      controlId={id}
      error={error}
      help="Leave empty for every website. A token limited to some websites sees only them, and is refused by the routes that do not narrow to them."
    >
      <Controller
        control={form.control}
        name="website_ids"
        render={({ field }) => (
          <MultiSelect
            inputId={id}
            options={(websites.data ?? []).map((website) => ({
              value: website.id,
              label: website.name,
            }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isLoading={websites.isPending}
            invalid={error !== undefined}
            ariaDescribedBy={error ? describedBy(id) : undefined}
            placeholder="Every website"
          />
        )}
      />
      {websites.isError && <div className="form-text text-danger">{websites.error.message}</div>}
    </FormField>
  );
}
