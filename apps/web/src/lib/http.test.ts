import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.tsx';
import { ApiError, http, isApiError, NETWORK_ERROR_MESSAGE } from './http.ts';

afterEach(() => vi.unstubAllGlobals());

describe('http', () => {
  it('sends the XMLHttpRequest header, same-origin cookies and a JSON body', async () => {
    const fetchMock = stubFetch({ '/login': { body: { message: 'ok' } } });

    const answer = await http.post('/login', { email: 'a@b.c' });

    expect(answer).toEqual({ message: 'ok' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect(init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });

  it('adds query parameters, leaving out null and undefined', async () => {
    const fetchMock = stubFetch({ '/api/stats/posts': { body: { totalPostsCount: 1 } } });

    await http.get('/api/stats/posts', { query: { status: 'today', page: 2, query: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/stats/posts?status=today&page=2');
  });

  it('throws an ApiError with the status, message and field errors of a 422', async () => {
    stubFetch({
      '/api/users': {
        status: 422,
        body: { message: 'Name is required', errors: { name: ['Name is required'] } },
      },
    });

    const error = await http.post('/api/users', {}).catch((caught: unknown) => caught);

    expect(isApiError(error, 422)).toBe(true);
    expect(error).toMatchObject({ status: 422, message: 'Name is required' });
    expect((error as ApiError).fieldError('name')).toBe('Name is required');
  });

  it('gives a readable message when the answer has none', async () => {
    stubFetch({ '/api/profile': { status: 500 } });

    await expect(http.get('/api/profile')).rejects.toMatchObject({
      status: 500,
      message: 'The request failed (HTTP 500).',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await expect(http.get('/api/profile')).rejects.toEqual(new ApiError(0, NETWORK_ERROR_MESSAGE));
  });
});
