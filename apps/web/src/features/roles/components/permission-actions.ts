import type { PermissionFilter } from '@sitefleet/contract';

/**
 * Which bulk buttons of the permissions card can act: both need a ticked row; Give means nothing
 * on the In Role tab and Revoke nothing on the Out Role tab.
 */
export function permissionBulkActions(tab: PermissionFilter, selectedCount: number) {
  const some = selectedCount > 0;
  return { give: some && tab !== 'in_role', revoke: some && tab !== 'out_role' };
}
