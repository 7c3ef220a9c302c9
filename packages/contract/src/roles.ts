import { z } from 'zod';
import { DEFAULT_GUARD } from './abilities.ts';
import { messageSchema } from './errors.ts';
import { requiredText } from './fields.ts';
import {
  MAX_ID,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';

export const ROLE_NAME_MAX_LENGTH = 100;
export const GUARD_NAME_MAX_LENGTH = 50;

export const ROLE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'This role name is already taken for this guard',
  adminNameReserved: 'Only an administrator can give a role the name admin or super admin',
  guardInvalid: `Guard name may only contain letters, digits, - and _ (at most ${GUARD_NAME_MAX_LENGTH})`,
  superAdminRenamed: 'The super admin role cannot be renamed',
  superAdminDeleted: 'The super admin role cannot be deleted',
  superAdminRevoked: 'The super admin role cannot lose permissions',
  superAdminPermissions: "Only a super admin can change the super admin role's permissions",
  superAdminNameReserved: 'Only a super admin can give a role the name super admin',
  permissionsRequired: 'Select at least one permission',
  permissionIdInvalid: 'Each permission id must be a positive whole number',
  unknownPermissions: (ids: readonly number[]) =>
    `These permissions do not exist: ${ids.join(', ')}`,
  otherGuardPermissions: (names: readonly string[]) =>
    `These permissions belong to another guard: ${names.join(', ')}`,
  permissionsBeyondOwn: (names: readonly string[]) =>
    `You cannot give permissions you do not have: ${names.join(', ')}`,
  unknownRole: 'This role does not exist',
  created: 'Role created successfully!',
  updated: 'Role updated successfully!',
  deleted: 'Role deleted successfully!',
  bulkDeleted: (count: number) =>
    `${count} ${count === 1 ? 'role' : 'roles'} deleted successfully!`,
  assigned: (count: number) =>
    `${count} ${count === 1 ? 'permission' : 'permissions'} given to the role.`,
  revoked: (count: number) =>
    `${count} ${count === 1 ? 'permission' : 'permissions'} revoked from the role.`,
} as const;

/** POST /api/roles and PUT /api/roles/{id}. An empty or missing guard_name means 'web'. */
export const roleInputSchema = z.strictObject({
  name: requiredText(ROLE_MESSAGES.nameRequired, ROLE_NAME_MAX_LENGTH),
  guard_name: z
    .string({ error: ROLE_MESSAGES.guardInvalid })
    .trim()
    .max(GUARD_NAME_MAX_LENGTH, ROLE_MESSAGES.guardInvalid)
    .regex(/^[A-Za-z0-9_-]*$/, ROLE_MESSAGES.guardInvalid)
    .nullish()
    .transform((guard) => guard || DEFAULT_GUARD),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** PATCH /api/roles/{id}/assign-permissions and /revoke-permissions. */
export const permissionIdsSchema = z.strictObject({
  permissionsids: z
    .array(
      z.coerce
        .number()
        .int(ROLE_MESSAGES.permissionIdInvalid)
        .positive(ROLE_MESSAGES.permissionIdInvalid)
        .max(MAX_ID, ROLE_MESSAGES.permissionIdInvalid),
      {
        error: ROLE_MESSAGES.permissionsRequired,
      },
    )
    .min(1, ROLE_MESSAGES.permissionsRequired),
});

/** A permission as a role shows it: its name coloured by level. */
export const permissionBadgeSchema = z.object({
  id: z.number(),
  name: z.string(),
  guard_name: z.string(),
  level: z.number(),
});
export type PermissionBadge = z.infer<typeof permissionBadgeSchema>;

/**
 * Colour of a permission badge: 1 red, 2 and 3 orange, others default. Bootstrap's names, but
 * 'orange', which the web app adds (Bootstrap's 'warning' is yellow).
 */
export function permissionLevelColour(level: number): 'danger' | 'orange' | 'secondary' {
  if (level === 1) return 'danger';
  if (level === 2 || level === 3) return 'orange';
  return 'secondary';
}

const roleFields = {
  id: z.number(),
  name: z.string(),
  guard_name: z.string(),
  created_at: z.string(),
  /** DD-MM-YYYY h:m:s */
  formatted_created_at: z.string(),
};

/** A row of GET /api/roles: the count and the first MAX_PERMISSION_BADGES permissions by level. */
export const roleRowSchema = z.object({
  ...roleFields,
  permissions_count: z.number(),
  permissions: z.array(permissionBadgeSchema),
});
export type RoleRow = z.infer<typeof roleRowSchema>;
export const roleListSchema = paginatedSchema(roleRowSchema);

/** Columns the Roles list sorts by. */
export const ROLE_ORDER_KEYS = ['name', 'created_at'] as const;

/** GET /api/roles?page=&query=&order_key=&order_dir= (newest first by default). */
export const roleListQuerySchema = pageQuerySchema.extend(
  orderQueryFields(ROLE_ORDER_KEYS, NEWEST_FIRST),
);
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

/** GET /api/roles/{id}/edit, and the answer of POST and PUT: the role with all its permissions. */
export const roleSchema = z.object({ ...roleFields, permissions: z.array(permissionBadgeSchema) });
export type Role = z.infer<typeof roleSchema>;

/** The answer of assign-permissions and revoke-permissions: the role's permissions after it. */
export const permissionChangeAnswerSchema = messageSchema.extend({
  permissions: z.array(permissionBadgeSchema),
});

export const PERMISSION_FILTERS = ['all', 'in_role', 'out_role'] as const;
export type PermissionFilter = (typeof PERMISSION_FILTERS)[number];

/** GET /api/permissions?page=&query=&roleid=&permstatus= */
export const permissionQuerySchema = pageQuerySchema.extend({
  roleid: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: ROLE_MESSAGES.unknownRole })
        .int(ROLE_MESSAGES.unknownRole)
        .positive(ROLE_MESSAGES.unknownRole)
        .max(MAX_ID, ROLE_MESSAGES.unknownRole)
        .optional(),
    )
    .optional(),
  permstatus: z.enum(PERMISSION_FILTERS).default('all'),
});
export type PermissionQuery = z.input<typeof permissionQuerySchema>;

export const permissionRowSchema = permissionBadgeSchema.extend({
  created_at: z.string(),
  formatted_created_at: z.string(),
  /** Whether the role given by `roleid` holds it; false when no role is given. */
  is_in_role: z.boolean(),
});
export type PermissionRow = z.infer<typeof permissionRowSchema>;

/**
 * The page of the chosen tab (`total` counts that tab, for the pagination) and the count of every
 * tab, all under the same search, so the tab badges move as soon as a permission changes side.
 */
export const permissionListSchema = paginatedSchema(permissionRowSchema).extend({
  all_count: z.number(),
  in_role_count: z.number(),
  out_role_count: z.number(),
});
export type PermissionList = z.infer<typeof permissionListSchema>;

/** The Roles list and form's routes; a role's form reads it from /api/roles/{id}/edit. */
export const rolesResource = defineResource({
  name: 'roles',
  path: '/api/roles',
  subject: 'role',
  noun: { one: 'role', many: 'roles' },
  list: { query: roleListQuerySchema, answer: roleListSchema },
  export: true,
  get: { answer: roleSchema, suffix: '/edit', description: 'One role with its permissions.' },
  create: { body: roleInputSchema, answer: roleSchema },
  update: { body: roleInputSchema, answer: roleSchema },
  remove: { answer: messageSchema },
  removeMany: { answer: messageSchema },
});
