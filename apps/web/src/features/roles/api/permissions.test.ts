import { type PermissionList, paginate } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { afterPermissionChange } from './permissions.ts';

const row = (id: number, inRole: boolean) => ({
  id,
  name: `permission-${id}`,
  guard_name: 'web',
  level: 5,
  created_at: '2026-01-01T00:00:00.000Z',
  formatted_created_at: '01-01-2026 00:00:00',
  is_in_role: inRole,
});

function page(rows: ReturnType<typeof row>[], counts: { all: number; in: number }): PermissionList {
  return {
    ...paginate(rows, { page: 1, perPage: 15, total: rows.length, path: '/api/permissions' }),
    all_count: counts.all,
    in_role_count: counts.in,
    out_role_count: counts.all - counts.in,
  };
}

describe('afterPermissionChange', () => {
  it('takes assigned rows off the Out Role tab at once and moves the counts', () => {
    const before = page([row(1, false), row(2, false), row(3, false)], { all: 5, in: 2 });

    const after = afterPermissionChange(before, 'out_role', 'assign', [1, 3]);

    expect(after.data.map((permission) => permission.id)).toEqual([2]);
    expect(after).toMatchObject({ total: 1, to: 1, in_role_count: 4, out_role_count: 1 });
  });

  it('flips rows on the All tab, counting only those that change side', () => {
    const before = page([row(1, true), row(2, false)], { all: 2, in: 1 });

    const after = afterPermissionChange(before, 'all', 'revoke', [1, 2]);

    expect(after.data.map((permission) => permission.is_in_role)).toEqual([false, false]);
    expect(after).toMatchObject({ total: 2, in_role_count: 0, out_role_count: 2 });
  });

  it('leaves the page as it is when nothing changes side', () => {
    const before = page([row(1, true)], { all: 1, in: 1 });
    expect(afterPermissionChange(before, 'in_role', 'assign', [1])).toBe(before);
  });
});
