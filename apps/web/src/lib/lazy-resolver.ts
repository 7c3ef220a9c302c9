import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver loaded on its first check: the sign-in page renders without zod and the
 * contract's schemas (25 kB gzip), which arrive when the form is first submitted.
 */
export function lazyResolver<V extends FieldValues, T = V>(
  load: () => Promise<Resolver<V, unknown, T>>,
): Resolver<V, unknown, T> {
  let resolver: Promise<Resolver<V, unknown, T>> | undefined;
  return async (values, context, options) => {
    resolver ??= load();
    return (await resolver)(values, context, options);
  };
}
