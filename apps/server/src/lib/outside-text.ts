/**
 * What an outside system answers (a website's webhook, a social network, the AI provider) may hold
 * a NUL character, which PostgreSQL's text refuses ("invalid byte sequence") and jsonb too
 * ("unsupported Unicode escape sequence"). Anyone who controls one website controls such an
 * answer, so every piece of it that may be stored goes through here first.
 */

/** `text` without NUL characters. */
export const storableText = (text: string) => text.replaceAll('\0', '');

/** JSON text parsed, each string in it without NUL characters. */
export const parseStorableJson = (text: string): unknown =>
  JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' ? storableText(value) : value,
  );
