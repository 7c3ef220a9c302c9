import { internalUrlWarning, outboundRangesSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { http } from '../../lib/http.ts';

/** The internal ranges the deployment allows: set at its start, so read once a session. */
function useAllowedRanges(): readonly string[] {
  const ranges = useQuery({
    queryKey: ['outbound-ranges'],
    queryFn: async () =>
      outboundRangesSchema.parse(await http.get('/api/settings/outbound-ranges')).ranges,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return ranges.data ?? [];
}

interface InternalUrlWarningProps<Values extends FieldValues> {
  control: Control<Values>;
  name: FieldPath<Values>;
}

/**
 * A warning under a URL field whose host is written as an internal address, with the contract's
 * check as the field is typed; none for an address in a range the deployment allows
 * (OUTBOUND_ALLOWED_RANGES). Only a warning: the server decides when it sends.
 */
export function InternalUrlWarning<Values extends FieldValues>({
  control,
  name,
}: InternalUrlWarningProps<Values>) {
  const value: unknown = useWatch({ control, name });
  const warning = internalUrlWarning(typeof value === 'string' ? value : null, useAllowedRanges());
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
