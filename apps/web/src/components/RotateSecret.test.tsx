import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RotateSecret } from './RotateSecret.tsx';

function renderRotate(rotate: () => Promise<string>) {
  render(
    <RotateSecret
      actionLabel="Rotate secret"
      secretLabel="New secret"
      warning="The old secret stops working."
      rotate={rotate}
    />,
  );
}

describe('RotateSecret', () => {
  it('asks first, then shows the new value once it is made', async () => {
    const rotate = vi.fn().mockResolvedValue('s3cr3t');
    renderRotate(rotate);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(screen.getByText('The old secret stops working.')).toBeTruthy();
    expect(rotate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(((await screen.findByLabelText('New secret')) as HTMLInputElement).value).toBe('s3cr3t');
    expect(rotate).toHaveBeenCalledOnce();
  });

  it('changes nothing when the question is cancelled', () => {
    const rotate = vi.fn();
    renderRotate(rotate);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(rotate).not.toHaveBeenCalled();
    // The focus goes back to the button that asked, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(screen.queryByText('The old secret stops working.')).toBeNull();
  });

  it('says why a rotation failed', async () => {
    renderRotate(() => Promise.reject(new Error('Forbidden')));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Forbidden');
  });

  it('copies the value, or says to copy it by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    renderRotate(() => Promise.resolve('s3cr3t'));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('s3cr3t');

    fireEvent.click(screen.getByRole('button', { name: 'Copied' }));
    expect(await screen.findByText(/Copying failed/)).toBeTruthy();
  });
});
