import type { FieldErrors } from 'react-hook-form';

/**
 * The form-level error that bindServerErrors left (an error of no field). react-hook-form clears
 * it on the next submit.
 */
export function FormErrorAlert({ errors }: { errors: FieldErrors }) {
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  );
}
