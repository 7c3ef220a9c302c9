import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listReloadKey, rowKeyText, useRowSelection } from './use-row-selection.ts';

describe('useRowSelection', () => {
  it('gives the ticked ids as numbers', () => {
    const { result } = renderHook(() => useRowSelection('users@1'));
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
    const { result } = renderHook(() => useRowSelection('trash@1'));
    act(() => result.current.onChange({ [post]: true, [category]: true, [otherPost]: true }));
    expect(result.current.selectedTyped).toEqual([
      { type: 'posts', id: 7 },
      { type: 'categories', id: 7 },
      { type: 'posts', id: 2_147_483_647 },
    ]);
    expect(result.current.selectedIds).toEqual([]);
  });

  it('is empty as soon as the list reloads, and selects afresh after', () => {
    const { result, rerender } = renderHook(({ key }) => useRowSelection(key), {
      initialProps: { key: listReloadKey({ dataUpdatedAt: 1 }, ['users', { page: 1 }]) },
    });
    act(() => result.current.onChange({ '1': true }));
    expect(result.current.selectedIds).toEqual([1]);

    // A refetch after a mutation: same query, a new answer.
    rerender({ key: listReloadKey({ dataUpdatedAt: 2 }, ['users', { page: 1 }]) });
    expect(result.current.selectedIds).toEqual([]);

    act(() => result.current.onChange((previous) => ({ ...previous, '2': true })));
    expect(result.current.selectedIds).toEqual([2]);

    // Another page.
    rerender({ key: listReloadKey({ dataUpdatedAt: 2 }, ['users', { page: 2 }]) });
    expect(result.current.selectedIds).toEqual([]);
  });

  it('clears on demand', () => {
    const { result } = renderHook(() => useRowSelection('k'));
    act(() => result.current.onChange({ '3': true }));
    act(() => result.current.clear());
    expect(result.current.selectedIds).toEqual([]);
  });
});
