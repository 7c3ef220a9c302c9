import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readHiddenColumns, useColumnVisibility } from './use-column-visibility.ts';

const KEY = 'test.columns';

describe('useColumnVisibility', () => {
  it('hides and shows columns, and a later page load finds the choice', () => {
    const first = renderHook(() => useColumnVisibility(KEY));
    act(() => first.result.current.setVisible('keywords', false));
    act(() => first.result.current.setVisible('slug', false));
    act(() => first.result.current.setVisible('slug', true));

    expect(first.result.current.visibility).toEqual({ keywords: false });
    expect(first.result.current.isVisible('keywords')).toBe(false);
    expect(first.result.current.isVisible('slug')).toBe(true);

    // A reload: a new hook reads what was stored.
    first.unmount();
    const second = renderHook(() => useColumnVisibility(KEY));
    expect(second.result.current.visibility).toEqual({ keywords: false });
  });

  it('shows every column when nothing or something unreadable is stored', () => {
    expect(readHiddenColumns(KEY)).toEqual([]);
    localStorage.setItem(KEY, '{not json');
    expect(readHiddenColumns(KEY)).toEqual([]);
    localStorage.setItem(KEY, '{"keywords":false}');
    expect(readHiddenColumns(KEY)).toEqual([]);
    localStorage.setItem(KEY, '["keywords",7]');
    expect(readHiddenColumns(KEY)).toEqual(['keywords']);
  });

  it('keeps an optional column hidden until it is chosen, and shown once chosen', () => {
    const key = 'test.optional-columns';
    const first = renderHook(() => useColumnVisibility(key, ['cost']));
    expect(first.result.current.isVisible('cost')).toBe(false);
    act(() => first.result.current.setVisible('cost', true));
    first.unmount();
    const second = renderHook(() => useColumnVisibility(key, ['cost']));
    expect(second.result.current.isVisible('cost')).toBe(true);
  });
});
