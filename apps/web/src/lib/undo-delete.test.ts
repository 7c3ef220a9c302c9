import { describe, expect, it } from 'vitest';
import { trashTypeOfPath } from './undo-delete.ts';

describe('trashTypeOfPath', () => {
  it('names the trash type of a trashed resource, none for the others', () => {
    expect(trashTypeOfPath('/api/posts')).toBe('posts');
    expect(trashTypeOfPath('/api/websites')).toBe('websites');
    expect(trashTypeOfPath('/api/settings')).toBeUndefined();
  });
});
