import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteSelectedButton } from './DeleteSelectedButton.tsx';

describe('DeleteSelectedButton', () => {
  it('says when its dialog opens and closes, shows the details and waits while told to', async () => {
    const onOpenChange = vi.fn();
    const onConfirm = vi.fn(async () => {});
    const { rerender } = render(
      <DeleteSelectedButton
        count={2}
        onConfirm={onConfirm}
        onOpenChange={onOpenChange}
        details={<p>Loading what goes with them</p>}
        confirmDisabled
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    const dialog = screen.getByRole('dialog', { name: 'Delete Selected' });
    expect(
      within(dialog).getByText('Are you sure you want to delete the 2 selected rows ?'),
    ).toBeDefined();
    expect(within(dialog).getByText('Loading what goes with them')).toBeDefined();
    const deleteButton = within(dialog).getByRole('button', {
      name: 'Delete',
    }) as HTMLButtonElement;
    expect(deleteButton.disabled).toBe(true);

    rerender(
      <DeleteSelectedButton
        count={2}
        onConfirm={onConfirm}
        onOpenChange={onOpenChange}
        details={<p>2 variants go</p>}
      />,
    );
    expect(deleteButton.disabled).toBe(false);
    await act(async () => fireEvent.click(deleteButton));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
