import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { appAbility } from '../lib/abilities.ts';

export interface StubbedAnswer {
  status?: number;
  body?: unknown;
}

/** An answer that depends on the request's search parameters (a list's filters). */
export type StubbedAnswerOf = (search: URLSearchParams) => StubbedAnswer;

/**
 * Replaces fetch with one that answers by path (query string ignored, unless the answer reads it),
 * or by method and path ('POST /api/tokens') where one path answers two methods apart, and records
 * each call.
 */
export function stubFetch(answers: Record<string, StubbedAnswer | StubbedAnswerOf>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const [path = '', search = ''] = String(input).split('?');
    const stubbed = answers[`${init?.method ?? 'GET'} ${path}`] ?? answers[path];
    if (!stubbed) throw new TypeError(`No stubbed answer for ${path}`);
    const answer = typeof stubbed === 'function' ? stubbed(new URLSearchParams(search)) : stubbed;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders a screen's router as the app does: its queries (no retries) and the user's abilities. */
export function renderInApp(router: Parameters<typeof RouterProvider>[0]['router']) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AbilityProvider value={appAbility}>
        <RouterProvider router={router} />
      </AbilityProvider>
    </QueryClientProvider>,
  );
}
