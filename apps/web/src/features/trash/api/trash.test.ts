import { describe, expect, it } from 'vitest';
import { idsByType } from './trash.ts';

describe('idsByType', () => {
  it('groups the ticked rows by type, the same id in two types apart', () => {
    expect(
      idsByType([
        { type: 'posts', id: 7 },
        { type: 'categories', id: 7 },
        { type: 'posts', id: 2_147_483_647 },
      ]),
    ).toEqual([
      ['posts', [7, 2_147_483_647]],
      ['categories', [7]],
    ]);
  });
});
