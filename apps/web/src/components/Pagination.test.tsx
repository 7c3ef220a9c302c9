import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, visiblePages } from './Pagination.tsx';

afterEach(cleanup);

describe('Pagination', () => {
  it('shows the first, the last and two pages around the current one', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(visiblePages(1, 1)).toEqual([1]);
  });

  it('moves between pages and disables what leads nowhere', () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={{ current_page: 1, last_page: 2, total: 20, from: 1, to: 15 }}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Showing 1 to 15 of 20')).toBeDefined();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[2], [2]]);
  });
});
