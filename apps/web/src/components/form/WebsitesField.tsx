import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useWebsiteOptions } from '../../lib/content/website-options.ts';
import { MultiSelect } from '../MultiSelect.tsx';
import { describedBy, FormField } from './FormField.tsx';

interface WebsitesFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's field of website ids (number[]). */
  name: FieldPath<T>;
  /** One message for the whole choice (an unknown website), not one per chosen id. */
  error?: { message?: string };
  /** Said in the empty control: what no choice means, e.g. 'Every website'. */
  placeholder: string;
  help?: ReactNode;
}

/** Websites chosen by name from every website (GET /api/getAllWebsites), held as their ids. */
export function WebsitesField<T extends FieldValues>({
  control,
  name,
  error,
  placeholder,
  help,
}: WebsitesFieldProps<T>) {
  const websites = useWebsiteOptions();
  const id = useId();
  const invalid = error !== undefined;
  return (
    <FormField label="Websites" controlId={id} error={error} help={help}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <MultiSelect
            inputId={id}
            options={(websites.data ?? []).map((website) => ({
              value: website.id,
              label: website.name,
            }))}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isLoading={websites.isPending}
            invalid={invalid}
            ariaDescribedBy={invalid ? describedBy(id) : undefined}
            placeholder={placeholder}
          />
        )}
      />
      {websites.isError && <div className="form-text text-danger">{websites.error.message}</div>}
    </FormField>
  );
}
