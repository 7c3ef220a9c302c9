import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DueDate } from './DueDate.tsx';

const HOUR = 3_600_000;

describe('DueDate', () => {
  it('marks a due date that has passed as overdue, in red', () => {
    render(<DueDate value={new Date(Date.now() - HOUR).toISOString()} />);
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByTitle('Due').className).toContain('text-danger');
  });

  it('leaves a due date still to come unmarked', () => {
    render(<DueDate value={new Date(Date.now() + HOUR).toISOString()} />);
    expect(screen.queryByText('Overdue')).toBeNull();
    expect(screen.getByTitle('Due').className).not.toContain('text-danger');
  });
});
