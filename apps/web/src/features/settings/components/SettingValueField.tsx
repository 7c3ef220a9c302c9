import type { SettingType } from '@sitefleet/contract';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '../../../components/form/FormField.tsx';

interface SettingValueFieldProps {
  type: SettingType;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** A secret's stored value is never shown: an empty field keeps it. */
  keepsSecret?: boolean;
  /** A hint under a text-like field, e.g. the warning of a URL whose host is internal. */
  help?: ReactNode;
}

const INPUT_TYPES: Record<'text' | 'number' | 'url' | 'email', string> = {
  text: 'text',
  number: 'text',
  url: 'url',
  email: 'email',
};

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'true' },
  { value: 'false', label: 'false' },
];

/** The value's input for its type: text, number, a true/false select, url, email or JSON. */
export function SettingValueField({
  type,
  registration,
  error,
  keepsSecret,
  help,
}: SettingValueFieldProps) {
  const placeholder = keepsSecret ? 'Stored and hidden: leave empty to keep it' : undefined;
  switch (type) {
    case 'boolean':
      return (
        <SelectField
          label="Value"
          options={BOOLEAN_OPTIONS}
          placeholder="(not set)"
          registration={registration}
          error={error}
        />
      );
    case 'json':
      return (
        <TextAreaField
          label="Value"
          rows={6}
          spellCheck={false}
          className="mb-3 font-monospace"
          placeholder={placeholder}
          registration={registration}
          error={error}
        />
      );
    default:
      return (
        <TextField
          label="Value"
          // A number stays a text input: a browser's number input reports nonsense as empty,
          // which would save "not set" instead of showing the contract's message.
          type={keepsSecret ? 'password' : INPUT_TYPES[type]}
          inputMode={type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          placeholder={placeholder}
          help={help}
          registration={registration}
          error={error}
        />
      );
  }
}
