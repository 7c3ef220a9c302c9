import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeInput } from './DateTimeInput.tsx';

describe('DateTimeInput', () => {
  it('shows the date DD-MM-YYYY and answers the typed date and time as YYYY-MM-DDTHH:mm', () => {
    const onChange = vi.fn();
    render(<DateTimeInput id="due" label="Due" value="2026-12-05T09:30" onChange={onChange} />);
    const date = screen.getByRole('textbox') as HTMLInputElement;
    expect(date.value).toBe('05-12-2026');
    expect((screen.getByLabelText('Due time') as HTMLInputElement).value).toBe('09:30');

    fireEvent.change(date, { target: { value: '7-1-2027' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-01-07T09:30');
    fireEvent.change(screen.getByLabelText('Due time'), { target: { value: '18:05' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-01-07T18:05');
  });

  it('answers nothing while the date is half typed or no date, and keeps what was typed', () => {
    const onChange = vi.fn();
    render(<DateTimeInput id="due" label="Due" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Due time'), { target: { value: '10:00' } });
    const date = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(date, { target: { value: '31-02-2027' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(date.value).toBe('31-02-2027');
  });
});
