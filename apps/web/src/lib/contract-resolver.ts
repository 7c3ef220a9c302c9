import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks a form's values with a contract schema, so the form shows the server's own messages
 * before it sends, and hands the values on as typed (the server trims and converts). `V` is the
 * form's values, which must be an input the schema accepts; the form may keep them tighter
 * (`roles: number[]` where the schema allows it left out), which zodResolver's own type, tied to
 * the schema's input, cannot express: hence the one cast.
 */
export function contractResolver<
  V extends FieldValues & z.input<S>,
  S extends z.ZodType<unknown, FieldValues> = z.ZodType<unknown, FieldValues>,
>(schema: S): Resolver<V> {
  return zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<V>;
}
