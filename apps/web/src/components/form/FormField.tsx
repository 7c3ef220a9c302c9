import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps {
  label: string;
  /** The id of the control, which the label points at. */
  controlId: string;
  error?: FieldError | { message?: string };
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
  children,
  className = 'mb-3',
}: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="form-label">
        {label}
      </label>
      {children}
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
}

/** What a registered control carries: its id, validity and error link, and the registration. */
function controlProps(controlId: string, error: FieldError | undefined) {
  return {
    id: controlId,
    className: `form-control ${error ? 'is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? describedBy(controlId) : undefined,
  };
}

type TextFieldProps = RegisteredFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'>;

/** An input registered with react-hook-form, with its label and error. */
export function TextField({ label, error, registration, className, ...input }: TextFieldProps) {
  const controlId = useId();
  return (
    <FormField label={label} controlId={controlId} error={error} className={className}>
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
  ...textarea
}: TextAreaFieldProps) {
  const controlId = useId();
  return (
    <FormField label={label} controlId={controlId} error={error} className={className}>
      <textarea {...textarea} {...controlProps(controlId, error)} {...registration} />
    </FormField>
  );
}
