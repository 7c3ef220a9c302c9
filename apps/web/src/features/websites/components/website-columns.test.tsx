import { toIsoDate } from '@sitefleet/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenewalCell } from './website-columns.tsx';

const daysFromToday = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

describe('the Next Renewal cell', () => {
  it('marks a renewal date that has passed as overdue, not merely due', () => {
    render(<RenewalCell website={{ next_renewal_date: daysFromToday(-3), renewal_due: true }} />);
    expect(screen.getByText('Overdue').className).toContain('text-bg-danger');
    expect(screen.queryByText('Due')).toBeNull();
  });

  it('marks a renewal within the notice as due, and a later one not at all', () => {
    render(<RenewalCell website={{ next_renewal_date: daysFromToday(3), renewal_due: true }} />);
    expect(screen.getByText('Due')).toBeTruthy();
    expect(screen.queryByText('Overdue')).toBeNull();
    cleanup();
    render(<RenewalCell website={{ next_renewal_date: daysFromToday(60), renewal_due: false }} />);
    expect(screen.queryByText('Due')).toBeNull();
    expect(screen.queryByText('Overdue')).toBeNull();
  });
});
