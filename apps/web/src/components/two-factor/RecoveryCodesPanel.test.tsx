import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COPY_FAILED_TEXT } from '../CopyButton.tsx';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';

describe('RecoveryCodesPanel', () => {
  it('copies every code, one a line, or says to copy them by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<RecoveryCodesPanel codes={['aaaa-1111', 'bbbb-2222']}>Done</RecoveryCodesPanel>);

    fireEvent.click(screen.getByRole('button', { name: 'Copy the codes' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('aaaa-1111\nbbbb-2222');

    fireEvent.click(screen.getByRole('button', { name: 'Copied' }));
    expect(await screen.findByText(COPY_FAILED_TEXT)).toBeTruthy();
  });
});
