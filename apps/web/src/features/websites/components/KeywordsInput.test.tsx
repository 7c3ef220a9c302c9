import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeywordsInput } from './KeywordsInput.tsx';
import { addKeywords, removeKeyword } from './keywords.ts';

describe('addKeywords', () => {
  it('adds the keywords of comma-separated text, trimmed, without blanks', () => {
    expect(addKeywords(['news'], ' guides , ,reviews ')).toEqual(['news', 'guides', 'reviews']);
  });

  it('leaves out a keyword already listed, in any case', () => {
    expect(addKeywords(['News', 'guides'], 'news, GUIDES, tips')).toEqual([
      'News',
      'guides',
      'tips',
    ]);
  });

  it('keeps the list as it is for blank text', () => {
    expect(addKeywords(['news'], '  ')).toEqual(['news']);
  });
});

describe('removeKeyword', () => {
  it('removes the keyword at a place', () => {
    expect(removeKeyword(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

/** The input as a form holds it, with what it reported on blur. */
function renderKeywords(initial: string[]) {
  const onBlur = vi.fn();
  function Harness() {
    const [keywords, setKeywords] = useState(initial);
    return (
      <>
        <KeywordsInput id="keywords" value={keywords} onChange={setKeywords} onBlur={onBlur} />
        <output>{keywords.join('|')}</output>
      </>
    );
  }
  render(<Harness />);
  return {
    input: screen.getByRole('textbox') as HTMLInputElement,
    keywords: () => screen.getByRole('status').textContent,
    onBlur,
  };
}

describe('KeywordsInput', () => {
  it('adds the typed keyword on Enter and on a comma', () => {
    const { input, keywords } = renderKeywords([]);
    fireEvent.change(input, { target: { value: 'news' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'guides' } });
    fireEvent.keyDown(input, { key: ',' });
    expect(keywords()).toBe('news|guides');
    expect(input.value).toBe('');
  });

  it('adds every keyword of pasted text', () => {
    const { input, keywords } = renderKeywords(['news']);
    fireEvent.paste(input, { clipboardData: { getData: () => 'tips, news, howto' } });
    expect(keywords()).toBe('news|tips|howto');
  });

  it('removes the last keyword on Backspace in the empty input, and a chosen one by its button', () => {
    const { input, keywords } = renderKeywords(['a', 'b', 'c']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(keywords()).toBe('a|b');
    fireEvent.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(keywords()).toBe('b');
  });

  it('keeps what was typed when the input is left', () => {
    const { input, keywords, onBlur } = renderKeywords([]);
    fireEvent.change(input, { target: { value: 'unsaved' } });
    fireEvent.blur(input);
    expect(keywords()).toBe('unsaved');
    expect(onBlur).toHaveBeenCalledOnce();
  });
});
