import { type ApiTokenCreated, WEBSITE_READING_ABILITIES } from '@sitefleet/contract';
import { useId, useMemo } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { SelectField, TextField } from '../../../components/form/FormField.tsx';
import { WebsitesField } from '../../../components/form/WebsitesField.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { useRoleOptions } from '../../../lib/role-options.ts';
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
  // A role's token is an administrator's (token-manage); the roles' names are user-list's.
  const managesTokens = useCan('token-manage');
  const readsRoles = useCan('user-list');
  const mayGiveRole = managesTokens && readsRoles;

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
      {seesWebsites && (
        <WebsitesField
          control={form.control}
          name="website_ids"
          error={errors.website_ids}
          placeholder="Every website"
          help="Leave empty for every website. A token limited to some websites sees only them, and is refused by the routes that do not narrow to them."
        />
      )}
      {mayGiveRole && <GrantChoice form={form} />}
      {form.watch('grant') === 'role' ? (
        <RoleField form={form} />
      ) : (
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
      )}
    </FormModal>
  );
}

/** Abilities chosen one by one, or a role's permissions (whoever holds the role). */
function GrantChoice({ form }: { form: UseFormReturn<TokenFormValues> }) {
  const id = useId();
  const choices = [
    { value: 'abilities', label: 'Abilities chosen here' },
    { value: 'role', label: "A role's permissions (a token of the role, not of a person)" },
  ] as const;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">Acts with</legend>
      {choices.map((choice) => (
        <div key={choice.value} className="form-check">
          <input
            id={`${id}-${choice.value}`}
            type="radio"
            className="form-check-input"
            value={choice.value}
            {...form.register('grant')}
          />
          <label className="form-check-label" htmlFor={`${id}-${choice.value}`}>
            {choice.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function RoleField({ form }: { form: UseFormReturn<TokenFormValues> }) {
  const roles = useRoleOptions();
  return (
    <SelectField
      label="Role"
      placeholder="Select a role"
      options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
      registration={form.register('role_id')}
      error={form.formState.errors.role_id}
      help={
        roles.isError
          ? roles.error.message
          : "The token acts with the role's permissions as they are at each request."
      }
    />
  );
}
