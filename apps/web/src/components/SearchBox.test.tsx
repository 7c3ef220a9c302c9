import { SEARCH_DEBOUNCE_MS } from '@sitefleet/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './SearchBox.tsx';

beforeEach(() => vi.useFakeTimers());

const input = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;

describe('SearchBox', () => {
  it('searches once, SEARCH_DEBOUNCE_MS after the last keystroke', () => {
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} />);

    fireEvent.change(input(), { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(input(), { target: { value: 'ad' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(50));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ad');
  });

  it('follows a value that changes from outside (back button, link)', () => {
    const { rerender } = render(<SearchBox value="ada" onSearch={vi.fn()} />);
    expect(input().value).toBe('ada');

    rerender(<SearchBox value="" onSearch={vi.fn()} />);
    expect(input().value).toBe('');
  });

  it('keeps what was typed after the search it sent comes back', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox value="" onSearch={onSearch} />);
    fireEvent.change(input(), { target: { value: 'ad' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    fireEvent.change(input(), { target: { value: 'ada' } });

    rerender(<SearchBox value="ad" onSearch={onSearch} />);
    expect(input().value).toBe('ada');
  });
});
