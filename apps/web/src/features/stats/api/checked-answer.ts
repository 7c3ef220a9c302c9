import { http, type QueryParams } from '../../../lib/http.ts';

type AnswerSchemas = typeof import('./answer-schemas.ts');

/**
 * GETs one of the dashboard's answers and checks it. Its schemas load beside the request, not in
 * the dashboard's first load: the boxes and cards paint their spinners without them.
 */
export async function getCheckedAnswer<T>(
  path: string,
  query: QueryParams | undefined,
  check: (schemas: AnswerSchemas, answer: unknown) => T,
): Promise<T> {
  const [schemas, answer] = await Promise.all([
    import('./answer-schemas.ts'),
    http.get(path, { query }),
  ]);
  return check(schemas, answer);
}
