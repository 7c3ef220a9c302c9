import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { rowKeyText, useListReloadKey, useRowSelection } from './use-row-selection.ts';

describe('useRowSelection', () => {
  it('gives the ticked ids as numbers', () => {
    const { result } = renderHook(() => useRowSelection('users@1', [4, 7, 9]));
    act(() => result.current.onChange({ '4': true, '9': true, '7': false }));
    expect(result.current.selectedIds).toEqual([4, 9]);

    act(() => result.current.onChange((previous) => ({ ...previous, '4': false })));
    expect(result.current.selectedIds).toEqual([9]);
  });

  it('keeps apart rows of two types with one id, and gives each ticked row its type and id back', () => {
    const post = rowKeyText({ type: 'posts', id: 7 });
    const category = rowKeyText({ type: 'categories', id: 7 });
    const otherPost = rowKeyText({ type: 'posts', id: 2_147_483_647 });
    expect(new Set([post, category, otherPost]).size).toBe(3);
    const { result } = renderHook(() =>
      useRowSelection('trash@1', [
        { type: 'posts', id: 7 },
        { type: 'categories', id: 7 },
        { type: 'posts', id: 2_147_483_647 },
      ]),
    );
    act(() => result.current.onChange({ [post]: true, [category]: true, [otherPost]: true }));
    expect(result.current.selectedTyped).toEqual([
      { type: 'posts', id: 7 },
      { type: 'categories', id: 7 },
      { type: 'posts', id: 2_147_483_647 },
    ]);
    expect(result.current.selectedIds).toEqual([]);
  });

  it('is empty once the query changes or a change is saved, and selects afresh after', async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ page }) => ({
        selection: useRowSelection(useListReloadKey(['users', { page }]), [1, 2]),
        save: useMutation({ mutationFn: async () => 'saved' }),
      }),
      { initialProps: { page: 1 }, wrapper },
    );
    act(() => result.current.selection.onChange({ '1': true }));
    expect(result.current.selection.selectedIds).toEqual([1]);

    // A change this tab saved: the list reloads after it.
    await act(() => result.current.save.mutateAsync());
    expect(result.current.selection.selectedIds).toEqual([]);

    act(() => result.current.selection.onChange((previous) => ({ ...previous, '2': true })));
    expect(result.current.selection.selectedIds).toEqual([2]);

    // Another page.
    rerender({ page: 2 });
    expect(result.current.selection.selectedIds).toEqual([]);
  });

  it('keeps the ticked rows still shown through a live reload, and drops one that left', () => {
    const { result, rerender } = renderHook(({ shown }) => useRowSelection('posts', shown), {
      initialProps: { shown: [5, 6, 7] },
    });
    act(() => result.current.onChange({ '5': true, '7': true }));
    expect(result.current.selectedIds).toEqual([5, 7]);

    // The same query answered again: row 7 is gone (deleted elsewhere), row 8 came in.
    rerender({ shown: [8, 5, 6] });
    expect(result.current.selectedIds).toEqual([5]);
    expect(result.current.state).toEqual({ '5': true });
  });

  it('clears on demand', () => {
    const { result } = renderHook(() => useRowSelection('k', [3]));
    act(() => result.current.onChange({ '3': true }));
    act(() => result.current.clear());
    expect(result.current.selectedIds).toEqual([]);
  });
});
