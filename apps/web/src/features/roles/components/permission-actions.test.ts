import { describe, expect, it } from 'vitest';
import { permissionBulkActions } from './permission-actions.ts';

describe('permissionBulkActions', () => {
  it('needs a ticked row for either button', () => {
    expect(permissionBulkActions('all', 0)).toEqual({ give: false, revoke: false });
    expect(permissionBulkActions('all', 2)).toEqual({ give: true, revoke: true });
  });

  it('disables Give on In Role and Revoke on Out Role', () => {
    expect(permissionBulkActions('in_role', 1)).toEqual({ give: false, revoke: true });
    expect(permissionBulkActions('out_role', 1)).toEqual({ give: true, revoke: false });
  });
});
