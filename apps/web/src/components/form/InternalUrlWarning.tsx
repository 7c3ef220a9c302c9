import { internalUrlWarning } from '@sitefleet/contract';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';

interface InternalUrlWarningProps<Values extends FieldValues> {
  control: Control<Values>;
  name: FieldPath<Values>;
}

/**
 * A warning under a URL field whose host is written as an internal address, with the contract's
 * check as the field is typed. Only a warning: a deployment may allow internal ranges, and the
 * server decides when it sends.
 */
export function InternalUrlWarning<Values extends FieldValues>({
  control,
  name,
}: InternalUrlWarningProps<Values>) {
  const value: unknown = useWatch({ control, name });
  const warning = internalUrlWarning(typeof value === 'string' ? value : null);
  // The live region stays in the page so that a warning appearing in it is announced.
  return (
    <span role="status" className="d-block">
      {warning && (
        <span className="text-warning-emphasis" data-testid="internal-url-warning">
          <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
          {warning}
        </span>
      )}
    </span>
  );
}
