import { type PermissionBadge as Permission, permissionLevelColour } from '@sitefleet/contract';

/** A permission's name coloured by its level: 1 red, 2 and 3 orange, others grey. */
export function PermissionBadge({ permission }: { permission: Permission }) {
  return (
    <span
      className={`badge text-bg-${permissionLevelColour(permission.level)}`}
      title={`Level ${permission.level}`}
    >
      {permission.name}
    </span>
  );
}
