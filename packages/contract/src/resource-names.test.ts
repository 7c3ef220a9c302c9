import { describe, expect, it } from 'vitest';
import { ABILITY_SUBJECTS, PERMISSION_NAMES } from './abilities.ts';
import { AUDIT_SUBJECT_TYPES } from './audit-log.ts';
import {
  abilitySubjectsOf,
  auditSubjectsOf,
  namesWith,
  RESOURCE_NAMES,
  type ResourceFacts,
  savedViewListsOf,
  trashSubjectsOf,
} from './resource-names.ts';
import { SAVED_VIEW_LISTS } from './saved-views.ts';
import {
  TRASH_TYPE_LABELS,
  TRASH_TYPE_SUBJECTS,
  TRASH_TYPES,
  trashDeleteAbility,
  trashRestoreAbilities,
} from './trash-types.ts';

/** The registry with a throw-away resource, as a new one would be declared. */
const withTags = {
  ...RESOURCE_NAMES,
  tags: { abilities: true, one: 'tag', label: 'Tag', trash: true, savedViews: true, export: true },
} as const satisfies Record<string, ResourceFacts>;

describe('the lists derived from the resources', () => {
  it('pick up a new resource from its one entry', () => {
    expect(abilitySubjectsOf(withTags)).toContain('tag');
    expect(auditSubjectsOf(withTags)).toContain('tag');
    expect(namesWith(withTags, 'trash')).toContain('tags');
    expect(trashSubjectsOf(withTags)).toMatchObject({ tags: 'tag' });
    expect(savedViewListsOf(withTags)).toMatchObject({ tags: 'tag-list' });
    expect(namesWith(withTags, 'export')).toContain('tags');
  });

  it('leave a resource out of what it takes no part in', () => {
    const workflows = { workflows: RESOURCE_NAMES.workflows };
    expect(namesWith(workflows, 'trash')).toEqual([]);
    expect(savedViewListsOf(workflows)).toEqual({});
    expect(auditSubjectsOf(workflows)).toEqual(['workflow']);
    expect(abilitySubjectsOf(workflows)).toEqual([]);
  });

  it('are the ones the contract exports, in the registry order', () => {
    // The original product's order, which the seeded permissions' ids follow.
    expect(ABILITY_SUBJECTS).toEqual([
      'user',
      'role',
      'setting',
      'profile',
      'website',
      'instance',
      'category',
      'post',
    ]);
    expect(AUDIT_SUBJECT_TYPES).toEqual([
      'website',
      'instance',
      'category',
      'post',
      'user',
      'role',
      'setting',
      'workflow',
      'token',
      'event_subscription',
      'channel',
      'social_app',
      'revenue',
      'cost',
      'exchange_rate',
    ]);
    expect(TRASH_TYPES).toEqual([
      'websites',
      'instances',
      'categories',
      'posts',
      'users',
      'roles',
      'channels',
    ]);
    expect(TRASH_TYPE_SUBJECTS.posts).toBe('post');
    expect(TRASH_TYPE_LABELS.categories).toBe('Category');
    expect(SAVED_VIEW_LISTS).toEqual({
      websites: 'website-list',
      instances: 'instance-list',
      categories: 'category-list',
      posts: 'post-list',
      users: 'user-list',
      roles: 'role-list',
      settings: 'setting-list',
    });
  });

  it('governs a resource guarded by one permission by that permission in the trash', () => {
    for (const facts of Object.values(RESOURCE_NAMES) as ResourceFacts[]) {
      if (facts.trashAbility) expect(PERMISSION_NAMES).toContain(facts.trashAbility);
    }
    expect(trashDeleteAbility('channels')).toBe('channel-manage');
    expect(trashRestoreAbilities('channels')).toEqual(['channel-manage']);
    expect(trashRestoreAbilities('posts')).toEqual(['post-delete', 'post-create']);
  });
});
