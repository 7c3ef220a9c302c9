import { describe, expect, it } from 'vitest';
import { parseStorableJson, storableText } from './outside-text.ts';

describe('outside text', () => {
  it('takes raw NUL characters out of text', () => {
    expect(storableText('bad\0raw\0')).toBe('badraw');
  });

  it('takes the escaped NUL out of every string value of parsed JSON', () => {
    expect(parseStorableJson('{"id":"a\\u0000b","list":["\\u0000x",1,null],"n":2}')).toEqual({
      id: 'ab',
      list: ['x', 1, null],
      n: 2,
    });
  });
});
