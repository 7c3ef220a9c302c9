import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface DefaultSwitchProps {
  label: string;
  /** What being the default means. */
  help: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** Whether a channel or an app is its network's default: one of each per network. */
export function DefaultSwitch({ label, help, registration, error }: DefaultSwitchProps) {
  const id = useId();
  return (
    <div className="form-check form-switch">
      <input id={id} type="checkbox" className="form-check-input" {...registration} />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <div className="form-text">{help}</div>
      {error?.message && <div className="invalid-feedback d-block">{error.message}</div>}
    </div>
  );
}
