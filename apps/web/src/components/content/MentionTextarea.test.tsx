import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.tsx';
import { MentionTextarea, mentionAt } from './MentionTextarea.tsx';

describe('mentionAt', () => {
  it('finds the @ and the letters before the caret, after a space or at the start', () => {
    expect(mentionAt('@Dem', 4)).toEqual({ start: 0, term: 'Dem' });
    expect(mentionAt('Ask @ana please', 8)).toEqual({ start: 4, term: 'ana' });
    expect(mentionAt('Ask @', 5)).toEqual({ start: 4, term: '' });
    expect(mentionAt('mail@example', 12)).toBeNull();
    expect(mentionAt('@ana@example.com ', 17)).toBeNull();
    expect(mentionAt('@ana done', 9)).toBeNull();
  });
});

function Box() {
  const [value, setValue] = useState('');
  return (
    <MentionTextarea
      kind="post"
      variantId={7}
      aria-label="Comment"
      value={value}
      onChange={setValue}
    />
  );
}

describe('MentionTextarea', () => {
  it('suggests users after @ and writes the picked address', async () => {
    const fetchMock = stubFetch({
      '/api/variants/post/7/mentionable': {
        body: {
          data: [
            { id: 2, name: 'Demo Editor', email: 'editor@example.com' },
            { id: 3, name: 'Demelza Reviewer', email: 'demelza@example.com' },
          ],
        },
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Box />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Look @Dem', selectionStart: 9 } });
    const second = await screen.findByRole('option', { name: /Demelza Reviewer/ });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('query=Dem');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Look @demelza@example.com ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
