import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/**
 * The serializer of the big list answers (a page of rows): fast-json-stringify compiled from the
 * route's response schema, turned from zod into JSON Schema. It writes the same bytes as the zod
 * serializer (the schema's fields only, in its order) without first building a checked copy of
 * every row: half the time on a page of categories, and less garbage to collect. A required field
 * missing from the answer still fails it.
 */
export function listSerializerCompiler({ schema }: { schema: unknown }) {
  return fastJson(
    z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' }) as Schema,
  );
}
