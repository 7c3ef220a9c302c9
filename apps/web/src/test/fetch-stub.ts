import { vi } from 'vitest';

export interface StubbedAnswer {
  status?: number;
  body?: unknown;
}

/** Replaces fetch with one that answers by path (query string ignored) and records each call. */
export function stubFetch(answers: Record<string, StubbedAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).split('?')[0] ?? '';
    const answer = answers[path];
    if (!answer) throw new TypeError(`No stubbed answer for ${path}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
