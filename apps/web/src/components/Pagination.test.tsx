import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, totalText, visiblePages } from './Pagination.tsx';

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

  it("says when a total is the planner's estimate, and when it only passes the exact count", () => {
    const page = { current_page: 1, last_page: 2000, from: 1, to: 15 };
    expect(totalText({ ...page, total: 20 })).toBe('20');
    expect(totalText({ ...page, total: 29703, total_is_estimate: true })).toBe('about 29703');
    expect(totalText({ ...page, total: 1001, total_is_estimate: true })).toBe('more than 1000');
    render(
      <Pagination
        page={{ ...page, total: 100000, total_is_estimate: true }}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('Showing 1 to 15 of about 100000')).toBeDefined();
  });
});
