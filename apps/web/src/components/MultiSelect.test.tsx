import { describe, expect, it } from 'vitest';
import { MULTI_SELECT_TEXTS } from '../lib/texts.ts';
import { noOptionsText } from './MultiSelect.tsx';

describe('MultiSelect texts', () => {
  it('says when the list is empty, when the search matches nothing and when it is full', () => {
    expect(noOptionsText({ total: 0, chosen: 0 })).toBe('List is empty.');
    expect(noOptionsText({ total: 3, chosen: 1 })).toBe(MULTI_SELECT_TEXTS.noMatches);
    // A server search that answers nothing for the typed text matched nothing.
    expect(noOptionsText({ total: 0, chosen: 0, query: 'zz' })).toBe(MULTI_SELECT_TEXTS.noMatches);
    expect(noOptionsText({ total: 3, chosen: 2, max: 2 })).toBe(
      'Maximum of 2 options selected. First remove a selected option to select another.',
    );
  });
});
