import { describe, expect, it } from 'vitest';
import { entryKey, idsByType } from './trash.ts';

describe('trash selection keys', () => {
  it('tells apart the same id in two types and groups the selection back by type', () => {
    const post = entryKey({ type: 'posts', id: 7 });
    const category = entryKey({ type: 'categories', id: 7 });
    const otherPost = entryKey({ type: 'posts', id: 2_147_483_647 });
    expect(new Set([post, category, otherPost]).size).toBe(3);
    expect(idsByType([post, category, otherPost])).toEqual([
      ['posts', [7, 2_147_483_647]],
      ['categories', [7]],
    ]);
  });
});
