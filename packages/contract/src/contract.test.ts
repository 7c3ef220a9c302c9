import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  abilitiesFor,
  BUILT_IN_SAVED_VIEWS,
  contentActionAbilities,
  formatDate,
  formatDateTime,
  formatDollars,
  formatRupees,
  GAP_OPTIONS,
  hasAbility,
  LIMIT_OPTIONS,
  loginSchema,
  ORDER_MESSAGES,
  orderQueryFields,
  PERMISSIONS,
  paginate,
  parseDisplayDate,
  REFRESH_HOUR_OPTIONS,
  SEEDED_ROLES,
  truncate,
} from './index.ts';

describe('abilities', () => {
  it('defines one permission per resource and action, each with a level from 1 to 5', () => {
    const names = PERMISSIONS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const resource of [
      'user',
      'role',
      'setting',
      'profile',
      'website',
      'instance',
      'category',
      'post',
    ]) {
      for (const action of ['list', 'create', 'update', 'delete'])
        expect(names).toContain(`${resource}-${action}`);
    }
    expect(PERMISSIONS.every((p) => p.level >= 1 && p.level <= 5)).toBe(true);
  });

  it('adds manage-all for the admin roles, in any case, and manage-all grants everything', () => {
    expect(abilitiesFor(['Super Admin'], [])).toEqual(['manage-all']);
    expect(abilitiesFor(['editor'], ['post-list'])).toEqual(['post-list']);
    expect(hasAbility(['manage-all'], 'user-delete')).toBe(true);
    expect(hasAbility(['user-list'], 'user-delete')).toBe(false);
  });

  it('gives the viewer lists only and the editor no access administration', () => {
    expect(SEEDED_ROLES.viewer!.every((name) => name.endsWith('-list'))).toBe(true);
    expect(SEEDED_ROLES.editor!.some((name) => /^(user|role|setting)-/.test(name))).toBe(false);
    expect(SEEDED_ROLES.editor).toContain('post-action');
  });
});

describe('content actions', () => {
  it('approving and the review actions need the review ability; publishing needs the action one', () => {
    for (const action of ['approve', 'mark_approved', 'move_stage', 'assign']) {
      expect(contentActionAbilities('post', action)).toEqual(['post-review']);
    }
    expect(contentActionAbilities('category', 'publish_web')).toEqual([
      'category-review',
      'category-action',
    ]);
    for (const action of ['post_to_website', 'synced', 'schedule_publish']) {
      expect(contentActionAbilities('category', action)).toEqual(['category-action']);
    }
  });

  it('gives the Posts and Categories lists the same built-in Assigned to me view', () => {
    const assignedToMe = [{ name: 'Assigned to me', query: 'assignee_id=me' }];
    expect(BUILT_IN_SAVED_VIEWS.posts).toEqual(assignedToMe);
    expect(BUILT_IN_SAVED_VIEWS.categories).toEqual(assignedToMe);
  });
});

describe('option lists', () => {
  it('has every quarter hour from 00:00 to 23:45', () => {
    expect(GAP_OPTIONS).toHaveLength(96);
    expect(GAP_OPTIONS[0]).toBe('00:00');
    expect(GAP_OPTIONS[1]).toBe('00:15');
    expect(GAP_OPTIONS.at(-1)).toBe('23:45');
  });

  it('has refresh hours 1 to 48 and limits 0 to 500 by 50', () => {
    expect(REFRESH_HOUR_OPTIONS[0]).toEqual({ value: 1, label: '1 Hour' });
    expect(REFRESH_HOUR_OPTIONS.at(-1)).toEqual({ value: 48, label: '48 Hours' });
    expect(LIMIT_OPTIONS).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500]);
  });
});

describe('formatting', () => {
  it('formats dates as DD-MM-YYYY h:m:s', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('05-01-2026 07:08:09');
    expect(formatDateTime(null)).toBe('');
  });

  it('formats a calendar date as that day wherever the clock is', () => {
    expect(formatDate('2026-03-01')).toBe('01-03-2026');
  });

  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50');
  });

  it('formats US dollars with cents and up to 4 decimals', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.01 + 0.0025)).toBe('$0.0125');
    expect(formatDollars(0.123456)).toBe('$0.1235');
  });

  it('cuts long text with an ellipsis', () => {
    expect(truncate('a'.repeat(201), 200)).toBe(`${'a'.repeat(200)}...`);
    expect(truncate('short', 200)).toBe('short');
  });
});

describe('typed dates', () => {
  it('reads DD-MM-YYYY (and YYYY-MM-DD) as the API date, and refuses a day that does not exist', () => {
    expect(parseDisplayDate('31-01-2030')).toBe('2030-01-31');
    expect(parseDisplayDate(' 1-2-2030 ')).toBe('2030-02-01');
    expect(parseDisplayDate('2030-01-31')).toBe('2030-01-31');
    expect(parseDisplayDate('31-02-2030')).toBeNull();
    expect(parseDisplayDate('01/31/2030')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });
});

describe('pagination', () => {
  it('answers the page fields and links', () => {
    const page = paginate([1, 2, 3], { page: 2, perPage: 3, total: 7, path: '/api/users' });
    expect(page).toMatchObject({
      current_page: 2,
      last_page: 3,
      from: 4,
      to: 6,
      next_page_url: '/api/users?page=3',
      prev_page_url: '/api/users?page=1',
    });
    expect(paginate([], { page: 1, perPage: 15, total: 0, path: '/x' })).toMatchObject({
      from: null,
      to: null,
      last_page: 1,
    });
  });

  it("reads a sortable list's order, with the list's default for what is left out or blank", () => {
    const order = z.object(
      orderQueryFields(['name', 'created_at'], { key: 'name', direction: 'asc' }),
    );
    expect(order.parse({})).toEqual({ order_key: 'name', order_dir: 'asc' });
    expect(order.parse({ order_key: '', order_dir: '' })).toEqual({
      order_key: 'name',
      order_dir: 'asc',
    });
    expect(order.parse({ order_key: 'created_at', order_dir: 'DESC' })).toEqual({
      order_key: 'created_at',
      order_dir: 'desc',
    });
    expect(order.safeParse({ order_key: 'email' }).error?.issues[0]?.message).toBe(
      ORDER_MESSAGES.keyInvalid(['name', 'created_at']),
    );
    expect(order.safeParse({ order_dir: 'up' }).error?.issues[0]?.message).toBe(
      ORDER_MESSAGES.directionInvalid,
    );
  });
});

describe('login schema', () => {
  it('requires a valid e-mail and a password, and refuses unknown fields', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    const result = loginSchema.safeParse({ email: 'nope', password: '', extra: 1 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Email must be a valid email address', 'Password is required']),
    );
  });
});
