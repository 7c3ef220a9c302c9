import { z } from 'zod';
import { messageSchema } from './errors.ts';
import { FIELD_MESSAGES, requiredText } from './fields.ts';
import { PASSWORD_MIN_LENGTH } from './options.ts';
import {
  MAX_ID,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';

/** Longest name, e-mail or password the forms accept. */
export const TEXT_FIELD_MAX_LENGTH = 255;

export const USER_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  emailTaken: 'This email is already taken',
  passwordRequired: 'Password is required',
  /** One text for every password rule of length (create, edit, change). */
  passwordTooShort: `password must be at least ${PASSWORD_MIN_LENGTH}`,
  rolesInvalid: 'Roles must be a list of role ids',
  unknownRoles: (ids: readonly number[]) => `These roles do not exist: ${ids.join(', ')}`,
  rolesBeyondOwn: (names: readonly string[]) =>
    `You cannot give roles with abilities you do not have: ${names.join(', ')}`,
  idMismatch: 'The id does not match the user being edited',
  userAboveCaller: 'You cannot edit or delete a user who has abilities you do not have',
  superAdminTarget: 'Only a super admin can edit, reset the password of or delete a super admin',
  superAdminRoleGiven: 'Only a super admin can give or remove the super admin role',
  ownRoles: 'You cannot change your own roles',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastSuperAdmin: 'The last super admin cannot be deleted',
  lastSuperAdminRole: 'The last super admin cannot lose the super admin role',
  created: 'User created successfully!',
  updated: 'User updated successfully!',
  deleted: 'User deleted successfully!',
  bulkDeleted: (count: number) =>
    `${count} ${count === 1 ? 'user' : 'users'} deleted successfully!`,
} as const;

/** Rules shared by the user form and the profile form. */
export const userNameField = requiredText(USER_MESSAGES.nameRequired, TEXT_FIELD_MAX_LENGTH);

/** E-mails are compared and stored in lowercase. */
export const userEmailField = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: USER_MESSAGES.emailRequired, abort: true })
  .max(TEXT_FIELD_MAX_LENGTH, { error: FIELD_MESSAGES.tooLong(TEXT_FIELD_MAX_LENGTH), abort: true })
  .email(USER_MESSAGES.emailInvalid);

/** A new password: required, at least PASSWORD_MIN_LENGTH characters. */
export const newPasswordField = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, { error: USER_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(TEXT_FIELD_MAX_LENGTH, FIELD_MESSAGES.tooLong(TEXT_FIELD_MAX_LENGTH));

/** On edit an empty password (or none) leaves the stored one unchanged. */
const optionalPasswordField = z
  .string({ error: USER_MESSAGES.passwordTooShort })
  .max(TEXT_FIELD_MAX_LENGTH, FIELD_MESSAGES.tooLong(TEXT_FIELD_MAX_LENGTH))
  .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
    error: USER_MESSAGES.passwordTooShort,
  })
  .nullish();

/** Role ids from the form's roles multi-select; left out on edit, the roles stay as they are. */
const roleIdsField = z
  .array(z.number({ error: USER_MESSAGES.rolesInvalid }).int().positive().max(MAX_ID), {
    error: USER_MESSAGES.rolesInvalid,
  })
  .max(100, USER_MESSAGES.rolesInvalid)
  .optional();

/** POST /api/users */
export const userCreateSchema = z.strictObject({
  name: userNameField,
  email: userEmailField,
  password: newPasswordField,
  roles: roleIdsField,
});

/** PUT /api/users/{id}: `id`, when sent, must be the edited user's. */
export const userUpdateSchema = z.strictObject({
  id: z.number({ error: USER_MESSAGES.idMismatch }).optional(),
  name: userNameField,
  email: userEmailField,
  password: optionalPasswordField,
  roles: roleIdsField,
});

/** A role as a user carries it, and as the roles multi-select lists it (GET /api/roles/all). */
export const roleRefSchema = z.object({ id: z.number(), name: z.string() });
export type RoleRef = z.infer<typeof roleRefSchema>;
export const roleOptionsSchema = z.array(roleRefSchema);

/** A row of GET /api/users, and the answer of POST and PUT /api/users. */
export const userRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  /** DD-MM-YYYY h:m:s, the Registered Date column. */
  formatted_created_at: z.string(),
  roles: z.array(roleRefSchema),
  /** Two-factor sign-in is on (set up and confirmed). */
  two_factor_enabled: z.boolean(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userListSchema = paginatedSchema(userRowSchema);

/** Columns the Users list sorts by. */
export const USER_ORDER_KEYS = ['name', 'email', 'created_at'] as const;

/** GET /api/users?page=&query=&order_key=&order_dir= (newest first by default). */
export const userListQuerySchema = pageQuerySchema.extend(
  orderQueryFields(USER_ORDER_KEYS, NEWEST_FIRST),
);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** The Users list and form's routes. */
export const usersResource = defineResource({
  name: 'users',
  path: '/api/users',
  subject: 'user',
  noun: { one: 'user', many: 'users' },
  list: { query: userListQuerySchema, answer: userListSchema },
  export: true,
  create: { body: userCreateSchema, answer: userRowSchema },
  update: { body: userUpdateSchema, answer: userRowSchema },
  remove: { answer: messageSchema },
  removeMany: { answer: messageSchema },
});
