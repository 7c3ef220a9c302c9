import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NAMES_SHOWN, NameList } from './NameList.tsx';

const names = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Site ${index + 1}` }));

describe('NameList', () => {
  it('shows a short list whole, one name more rather than "+1 more"', () => {
    render(<NameList items={names(NAMES_SHOWN + 1)} noun="websites" owner="Food" />);
    expect(screen.getByText(`Site ${NAMES_SHOWN + 1}`)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts a long list to its first names and "+N more", which shows the rest', () => {
    render(<NameList items={names(6)} noun="websites" owner="Food" />);
    expect(screen.getByText('Site 2')).toBeTruthy();
    expect(screen.queryByText('Site 3')).toBeNull();
    const more = screen.getByRole('button', { name: '+4 more websites of Food' });
    expect(more.textContent).toBe('+4 more');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('title')).toBe('Site 3, Site 4, Site 5, Site 6');

    fireEvent.click(more);
    expect(screen.getByText('Site 6')).toBeTruthy();
    const fewer = screen.getByRole('button', { name: 'Show fewer websites of Food' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    expect(screen.queryByText('Site 6')).toBeNull();
  });
});
