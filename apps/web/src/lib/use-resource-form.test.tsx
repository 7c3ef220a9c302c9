import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/fetch-stub.tsx';
import { contractResolver } from './contract-resolver.ts';
import { useResourceForm } from './use-resource-form.ts';

afterEach(() => vi.unstubAllGlobals());

const thingSchema = z.object({ name: z.string().min(1, 'Name is required') });
const savedSchema = z.object({ id: z.number(), name: z.string() });

function renderResourceForm(recordId: number | null, onClose: () => void) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      const resourceForm = useResourceForm({
        recordId,
        noun: 'Thing',
        resolver: contractResolver<{ name: string }>(thingSchema),
        defaultValues: { name: 'Ada' },
        resource: {
          name: 'things',
          path: '/api/things',
          create: { answer: savedSchema },
          update: { answer: savedSchema },
        },
        messages: { created: 'Thing created', updated: 'Thing updated' },
        onClose,
      });
      // Reading the errors while rendering subscribes to them, as a form's markup does.
      void resourceForm.form.formState.errors;
      return resourceForm;
    },
    { wrapper },
  );
  return { result, invalidate };
}

const submit = (modal: { onSubmit: (event?: never) => unknown }) => act(() => modal.onSubmit());

describe('useResourceForm', () => {
  it('adds with POST, reloads the lists and closes', async () => {
    const fetchMock = stubFetch({ '/api/things': { body: { id: 7, name: 'Ada' } } });
    const onClose = vi.fn();
    const { result, invalidate } = renderResourceForm(null, onClose);
    expect(result.current.modal.title).toBe('Add New Thing');

    await submit(result.current.modal);

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
  });

  it('edits with PUT and keeps the dialog open with the refusal on its field', async () => {
    const fetchMock = stubFetch({
      '/api/things/7': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { name: ['Name is taken'] } },
      },
    });
    const onClose = vi.fn();
    const { result } = renderResourceForm(7, onClose);
    expect(result.current.modal.title).toBe('Edit Thing');

    await submit(result.current.modal);

    await waitFor(() => expect(result.current.errors.name?.message).toBe('Name is taken'));
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('PUT');
    expect(onClose).not.toHaveBeenCalled();
  });
});
