import { type ReactNode, useId } from 'react';
import {
  type Control,
  type FieldError,
  type FieldValues,
  type Path,
  useController,
} from 'react-hook-form';
import { DateInput } from './DateInput.tsx';
import { controlProps, FormField } from './FormField.tsx';

interface DateFieldProps<T extends FieldValues> {
  label: string;
  control: Control<T>;
  name: Path<T>;
  error?: FieldError;
  className?: string;
  help?: ReactNode;
}

/** A form's date, typed as DD-MM-YYYY and held as YYYY-MM-DD, with its label and error. */
export function DateField<T extends FieldValues>({
  label,
  control,
  name,
  error,
  className,
  help,
}: DateFieldProps<T>) {
  const controlId = useId();
  const { field } = useController({ control, name });
  return (
    <FormField label={label} controlId={controlId} error={error} className={className} help={help}>
      <DateInput
        {...controlProps(controlId, error)}
        name={field.name}
        ref={field.ref}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </FormField>
  );
}
