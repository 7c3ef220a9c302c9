import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from './http.ts';

/** Where a form keeps an error that belongs to no field; FormErrorAlert shows it. */
export const FORM_ERROR = 'root.server';

/**
 * Puts a failed save's errors on the form. A 422's `errors` go under their fields (the first
 * message of each, as the forms show them; `roles.0` goes under `roles`), and the first
 * such field gets the focus. What has no field on this form — a 403, a lost connection, a 422 on
 * another field — becomes the form-level error, so no failure goes unseen.
 */
export function bindServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
): void {
  const fields = new Set(Object.keys(form.getValues()));
  const leftover: string[] = [];
  let focused = false;
  if (isApiError(error, 422)) {
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const field = key.split('.')[0] ?? key;
      const message = messages[0];
      if (!message) continue;
      if (fields.has(field)) {
        form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      } else {
        leftover.push(message);
      }
    }
    if (!focused && leftover.length === 0) leftover.push(error.message);
  } else {
    leftover.push(error instanceof Error ? error.message : 'Something went wrong.');
  }
  if (leftover.length > 0) {
    form.setError(FORM_ERROR as Path<T>, { type: 'server', message: leftover.join(' ') });
  }
}
