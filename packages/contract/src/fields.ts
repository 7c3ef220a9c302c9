import { z } from 'zod';

/** Form field rules shared by several forms: text, numbers typed as text, web addresses, cost. */

export const FIELD_MESSAGES = {
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notText: 'Must be text',
  nulCharacter: 'Must not contain the NUL character',
  noRowSelected: 'Select at least one row.',
} as const;

/** PostgreSQL text cannot hold U+0000: refusing it here keeps it from becoming a server error. */
export const WITHOUT_NUL = /^[^\0]*$/;

/** A required text field: trimmed, then not empty and at most `max` characters. */
export function requiredText(requiredMessage: string, max: number) {
  return (
    z
      .string({ error: requiredMessage })
      .trim()
      // An empty value gets the one message that matters, not the field's other checks too.
      .min(1, { error: requiredMessage, abort: true })
      .max(max, FIELD_MESSAGES.tooLong(max))
      .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
  );
}

/** An optional text field: trimmed; empty text and null both mean "no value" (null). */
export function optionalText(max: number) {
  return z
    .string({ error: FIELD_MESSAGES.notText })
    .trim()
    .max(max, FIELD_MESSAGES.tooLong(max))
    .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
    .nullable()
    .transform((text) => text || null);
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Forms send numbers as text. Blank text counts as missing; plain decimal text becomes its number;
 * any other text is left as it is so that the number check refuses it. (z.coerce would read ''
 * as 0 and 'abc' as NaN, which would hide the difference between "required" and "not a number".)
 */
function numberFromFormText(value: unknown) {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return PLAIN_DECIMAL.test(text) ? Number(text) : value;
}

/**
 * A number field that also accepts the number as text. Missing, null or blank is `required`,
 * anything that is not a number is `invalid`; `check` adds the field's own limits.
 */
export function formNumber(
  messages: { required: string; invalid: string },
  check: (number: z.ZodNumber) => z.ZodNumber = (number) => number,
) {
  return z.preprocess(
    numberFromFormText,
    check(
      z.number({
        error: (issue) => (issue.input == null ? messages.required : messages.invalid),
      }),
    ),
  );
}

export const URL_MAX_LENGTH = 2048;

/**
 * An absolute http or https address with a host. The scheme test comes first because the URL
 * parser also accepts forms such as `http:example.com`.
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+/i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The largest amount numeric(12, 2) holds. */
export const COST_MAX = 9_999_999_999.99;

export const COST_MESSAGES = {
  required: 'Cost is required',
  invalid: 'Cost must be a number',
  negative: 'Cost must be 0 or more',
  decimals: 'Cost may have at most 2 decimal places',
  tooLarge: 'Cost must be at most 9999999999.99',
} as const;

/** An amount in rupees: a number of at least 0 with at most two decimals (paise). */
export const costField = formNumber(COST_MESSAGES, (number) =>
  number
    .min(0, COST_MESSAGES.negative)
    .max(COST_MAX, COST_MESSAGES.tooLarge)
    .multipleOf(0.01, COST_MESSAGES.decimals),
);

/** A required http(s) address. */
export function requiredHttpUrl(messages: { required: string; invalid: string }) {
  return requiredText(messages.required, URL_MAX_LENGTH).refine(isHttpUrl, messages.invalid);
}

/** An optional http(s) address; empty text and null mean "none". */
export function optionalHttpUrl(invalidMessage: string) {
  return optionalText(URL_MAX_LENGTH).refine(
    (url) => url === null || isHttpUrl(url),
    invalidMessage,
  );
}
