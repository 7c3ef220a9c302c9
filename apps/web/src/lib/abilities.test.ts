import { afterEach, describe, expect, it } from 'vitest';
import { appAbility, applyAbilities, can, parseAbility, resetAbilities } from './abilities.ts';

afterEach(resetAbilities);

describe('abilities', () => {
  it('reads resource-action names as CASL action and subject', () => {
    expect(parseAbility('user-list')).toEqual({ action: 'list', subject: 'user' });
    expect(parseAbility('manage-all')).toEqual({ action: 'manage', subject: 'all' });
  });

  it('allows everything but deleting users until the abilities load', () => {
    expect(can(appAbility, 'setting-update')).toBe(true);
    expect(can(appAbility, 'manage-all')).toBe(true);
    expect(can(appAbility, 'user-delete')).toBe(false);
  });

  it('allows exactly the loaded abilities', () => {
    applyAbilities(['user-list', 'post-list']);

    expect(can(appAbility, 'user-list')).toBe(true);
    expect(can(appAbility, 'post-list')).toBe(true);
    expect(can(appAbility, 'user-delete')).toBe(false);
    expect(can(appAbility, 'website-list')).toBe(false);
    expect(can(appAbility, 'manage-all')).toBe(false);
  });

  it('lets manage-all do everything, deleting users included', () => {
    applyAbilities(['manage-all']);

    expect(can(appAbility, 'user-delete')).toBe(true);
    expect(can(appAbility, 'manage-all')).toBe(true);
  });
});
