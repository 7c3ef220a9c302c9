import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BulkActionControl, canApply } from './BulkActionControl.tsx';

const actions = [
  { value: 'approve', label: 'Approve' },
  { value: 'synced', label: 'Synced' },
] as const;

describe('BulkActionControl', () => {
  it('allows Apply only with an action and at least one row', () => {
    expect(canApply('', 3)).toBe(false);
    expect(canApply('approve', 0)).toBe(false);
    expect(canApply('approve', 1)).toBe(true);
  });

  it('enables Apply once both are chosen, and applies the chosen action', () => {
    const onApply = vi.fn();
    const { rerender } = render(
      <BulkActionControl actions={actions} selectedCount={0} onApply={onApply} />,
    );
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    fireEvent.change(screen.getByRole('combobox', { name: 'Bulk action' }), {
      target: { value: 'approve' },
    });
    expect(apply.disabled).toBe(true);

    rerender(<BulkActionControl actions={actions} selectedCount={2} onApply={onApply} />);
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledExactlyOnceWith('approve');
  });

  it('leaves only a console warning when applied anyway without an action or a row', () => {
    const onApply = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(
      <BulkActionControl actions={actions} selectedCount={0} onApply={onApply} />,
    );
    const form = container.querySelector('form') as HTMLFormElement;

    fireEvent.submit(form);
    fireEvent.change(screen.getByRole('combobox', { name: 'Bulk action' }), {
      target: { value: 'approve' },
    });
    fireEvent.submit(form);

    expect(warn).toHaveBeenCalledTimes(2);
    expect(onApply).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
