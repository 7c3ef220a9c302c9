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

/**
 * Checks what would be sent, the form's values made into the request's body by `payload`, with a
 * contract schema, so that the form says what the server would while it keeps its own values
 * (an empty choice that is sent as null, a day sent as its last instant). The body's fields have
 * the form's names, so each message lands under its field.
 */
export function payloadResolver<V extends FieldValues>(
  schema: z.ZodType<unknown, FieldValues>,
  payload: (values: V) => FieldValues,
): Resolver<V> {
  const check = contractResolver<FieldValues>(schema);
  return async (values, context, options) => {
    const checked = await check(payload(values), context, options as never);
    if (Object.keys(checked.errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: checked.errors as Awaited<ReturnType<Resolver<V>>>['errors'] };
  };
}
