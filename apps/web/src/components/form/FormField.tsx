import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps {
  label: string;
  /** The id of the control, which the label points at. */
  controlId: string;
  error?: FieldError | { message?: string };
  /** A hint under the control, e.g. what an empty value means. */
  help?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A label, a control and the control's error under it. The error is shown whatever the control
 * is (a react-select has no sibling Bootstrap could style), and is tied to it by
 * aria-describedby on the control: give it `describedBy(controlId)`.
 */
export function FormField({
  label,
  controlId,
  error,
  help,
  children,
  className = 'mb-3',
}: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="form-label">
        {label}
      </label>
      {children}
      {help && <div className="form-text">{help}</div>}
      {error?.message && (
        <div id={describedBy(controlId)} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
    </div>
  );
}

export function describedBy(controlId: string): string {
  return `${controlId}-error`;
}

interface RegisteredFieldProps {
  label: string;
  error?: FieldError;
  /** react-hook-form's `register('name')`. */
  registration: UseFormRegisterReturn;
  className?: string;
  help?: ReactNode;
}

/** What a registered control carries: its id, validity and error link, and the registration. */
export function controlProps(
  controlId: string,
  error: FieldError | undefined,
  controlClass: 'form-control' | 'form-select' = 'form-control',
) {
  return {
    id: controlId,
    className: `${controlClass} ${error ? 'is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? describedBy(controlId) : undefined,
  };
}

type TextFieldProps = RegisteredFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'>;

/** An input registered with react-hook-form, with its label and error. */
export function TextField({
  label,
  error,
  registration,
  className,
  help,
  ...input
}: TextFieldProps) {
  const controlId = useId();
  return (
    <FormField label={label} controlId={controlId} error={error} className={className} help={help}>
      <input {...input} {...controlProps(controlId, error)} {...registration} />
    </FormField>
  );
}

type TextAreaFieldProps = RegisteredFieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'className'>;

/** A textarea registered with react-hook-form, with its label and error. */
export function TextAreaField({
  label,
  error,
  registration,
  className,
  help,
  ...textarea
}: TextAreaFieldProps) {
  const controlId = useId();
  return (
    <FormField label={label} controlId={controlId} error={error} className={className} help={help}>
      <textarea {...textarea} {...controlProps(controlId, error)} {...registration} />
    </FormField>
  );
}

type SelectFieldProps = RegisteredFieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'className' | 'children'> & {
    /** The choices; values are strings, as a select's always are. */
    options: readonly { value: string | number; label: string }[];
    /** The first, empty choice (value ''), e.g. 'Select a region'; none when left out. */
    placeholder?: string;
  };

/** A select registered with react-hook-form, with its label and error. */
export function SelectField({
  label,
  error,
  registration,
  className,
  help,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const controlId = useId();
  return (
    <FormField label={label} controlId={controlId} error={error} className={className} help={help}>
      <select {...select} {...controlProps(controlId, error, 'form-select')} {...registration}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
