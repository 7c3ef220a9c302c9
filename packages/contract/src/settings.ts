import { z } from 'zod';
import { messageSchema } from './errors.ts';
import { FIELD_MESSAGES, isHttpUrl, optionalText, WITHOUT_NUL } from './fields.ts';
import { APP_NAME_SETTING, SETTING_TYPES, type SettingType } from './options.ts';
import { MAX_ID, orderQueryFields, pageQuerySchema, paginatedSchema } from './pagination.ts';
import { defineResource } from './resource.ts';

export const SETTING_PATH_MAX_LENGTH = 150;
export const SETTING_VALUE_MAX_LENGTH = 10_000;
export const SETTING_DESCRIPTION_MAX_LENGTH = 1_000;

/** A dotted path of at least two parts: app.name, social.facebook.page_id … */
const SETTING_PATH = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

export const SETTING_MESSAGES = {
  nameRequired: 'Name is required',
  nameFormat:
    'Name must be a dotted path such as app.name: lowercase letters, digits and _, at least two parts',
  nameTaken: 'A setting with this name already exists',
  nameReadOnly: 'The name of a setting cannot be changed',
  typeRequired: `Type must be one of: ${SETTING_TYPES.join(', ')}`,
  typeReadOnly: 'The type of a setting cannot be changed',
  secretReadOnly: 'Whether a setting is secret cannot be changed',
  valueNotText: 'The value must be sent as text, such as "15" or "true"',
  groupInvalid: 'The group must be a setting group id',
  unknownGroup: 'This setting group does not exist',
  groupNotDerivable: (prefix: string) => `Choose a group: no setting starts with "${prefix}." yet`,
  appNameEmpty: 'The application name cannot be empty',
  appNameUndeletable: 'The application name setting cannot be deleted',
  created: 'Setting created successfully!',
  updated: 'Setting updated successfully!',
  deleted: 'Setting deleted successfully!',
  bulkDeleted: (count: number) =>
    `${count} ${count === 1 ? 'setting' : 'settings'} deleted successfully!`,
} as const;

/** What a value must look like for each type; an empty value (not set) is always accepted. */
export const SETTING_VALUE_MESSAGES: Record<SettingType, string | null> = {
  text: null,
  number: 'The value must be a number, such as 15 or -2.5',
  boolean: 'The value must be true or false (or 1 or 0)',
  url: 'The value must be a URL starting with http:// or https://',
  email: 'The value must be a valid email address',
  json: 'The value must be valid JSON',
};

const email = z.email();

function fitsType(type: SettingType, value: string): boolean {
  switch (type) {
    case 'text':
      return true;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value.trim());
    case 'boolean':
      return ['true', 'false', '1', '0'].includes(value.trim().toLowerCase());
    case 'url':
      return isHttpUrl(value.trim());
    case 'email':
      return email.safeParse(value.trim()).success;
    case 'json':
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
  }
}

/**
 * The longest value of the settings shown where room is short: the application's name heads the
 * sidebar and the browser's tab.
 */
export const SETTING_VALUE_LIMITS: Readonly<Record<string, number>> = { [APP_NAME_SETTING]: 60 };

/**
 * Why a value does not fit its setting, or null when it does. The one check of a setting's value,
 * run by the form and by the server.
 */
export function settingValueProblem(
  fullPath: string,
  type: SettingType,
  value: string | null | undefined,
): string | null {
  const empty = value === null || value === undefined || value.trim() === '';
  if (empty) return fullPath === APP_NAME_SETTING ? SETTING_MESSAGES.appNameEmpty : null;
  const limit = SETTING_VALUE_LIMITS[fullPath];
  if (limit !== undefined && value.trim().length > limit) return FIELD_MESSAGES.tooLong(limit);
  return fitsType(type, value) ? null : SETTING_VALUE_MESSAGES[type];
}

const valueField = z
  .string({ error: SETTING_MESSAGES.valueNotText })
  .max(SETTING_VALUE_MAX_LENGTH, FIELD_MESSAGES.tooLong(SETTING_VALUE_MAX_LENGTH))
  .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
  .nullish();
/** Empty means none (null); left out on edit, it stays as it is. */
const descriptionField = optionalText(SETTING_DESCRIPTION_MAX_LENGTH).optional();
const groupIdField = z
  .number({ error: SETTING_MESSAGES.groupInvalid })
  .int(SETTING_MESSAGES.groupInvalid)
  .positive(SETTING_MESSAGES.groupInvalid)
  .max(MAX_ID, SETTING_MESSAGES.groupInvalid)
  .nullish();
const typeField = z.enum(SETTING_TYPES, { error: SETTING_MESSAGES.typeRequired });

/**
 * POST /api/settings. `name` is the setting's dotted full path (app.name); its first part is the
 * prefix. Without `group_id` the setting joins the group of the settings that share its prefix.
 * An empty value is stored as not set.
 */
export const settingCreateSchema = z
  .strictObject({
    name: z
      .string({ error: SETTING_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: SETTING_MESSAGES.nameRequired, abort: true })
      .max(SETTING_PATH_MAX_LENGTH, { error: SETTING_MESSAGES.nameFormat, abort: true })
      .regex(SETTING_PATH, SETTING_MESSAGES.nameFormat),
    value: valueField,
    type: typeField,
    description: descriptionField,
    group_id: groupIdField,
    /** A secret's value is never answered back; it can only be replaced. */
    is_secret: z.boolean().optional(),
  })
  .superRefine((input, context) => {
    const problem = settingValueProblem(input.name, input.type, input.value);
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type SettingCreateInput = z.input<typeof settingCreateSchema>;

/**
 * PUT /api/settings/{id}: the form sends the same fields back. `name` (the full path), `type` and
 * `is_secret` are read-only: sending a different one is refused with a field error. The value is
 * checked against the stored type on the server. For a secret an empty value keeps the stored one.
 */
export const settingUpdateSchema = z.strictObject({
  name: z.string({ error: SETTING_MESSAGES.nameReadOnly }).trim().optional(),
  value: valueField,
  type: typeField.optional(),
  description: descriptionField,
  group_id: groupIdField,
  is_secret: z.boolean().optional(),
});
export type SettingUpdateInput = z.input<typeof settingUpdateSchema>;

const groupRefSchema = z.object({ id: z.number(), name: z.string() });

/**
 * A setting as every settings call answers it. `name` is the path after the prefix, `full_path` the
 * whole dotted path (the list's name column). A secret's `value` is always null; `has_value` says
 * whether one is stored.
 */
export const settingSchema = z.object({
  id: z.number(),
  name: z.string(),
  full_path: z.string(),
  value: z.string().nullable(),
  type: z.enum(SETTING_TYPES),
  description: z.string().nullable(),
  is_secret: z.boolean(),
  has_value: z.boolean(),
  group: groupRefSchema,
  maingroup: groupRefSchema,
});
export type Setting = z.infer<typeof settingSchema>;
export const settingListSchema = paginatedSchema(settingSchema);
export const settingAnswerSchema = messageSchema.extend({ setting: settingSchema });

/** Columns the Settings list sorts by: the Name column shows the full path; group is its name. */
export const SETTING_ORDER_KEYS = ['full_path', 'group', 'created_at'] as const;

/** GET /api/settings?page=&query=&order_key=&order_dir= (by full path by default). */
export const settingListQuerySchema = pageQuerySchema.extend(
  orderQueryFields(SETTING_ORDER_KEYS, { key: 'full_path', direction: 'asc' }),
);
export type SettingListQuery = z.infer<typeof settingListQuerySchema>;

/** GET /api/settinggroups?page=&query=&groupid=: the settings of one group, sorted as the list. */
export const settingGroupQuerySchema = settingListQuerySchema.extend({
  groupid: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: SETTING_MESSAGES.unknownGroup })
        .int(SETTING_MESSAGES.unknownGroup)
        .positive(SETTING_MESSAGES.unknownGroup)
        .max(MAX_ID, SETTING_MESSAGES.unknownGroup)
        .optional(),
    )
    .optional(),
});

/** GET /api/settinggroups/options: the groups for the create form's group select. */
export const settingGroupOptionSchema = groupRefSchema.extend({ maingroup: groupRefSchema });
export const settingGroupOptionsSchema = z.array(settingGroupOptionSchema);
export type SettingGroupOption = z.infer<typeof settingGroupOptionSchema>;

/** The Settings list and form's routes; a setting's form reads it from /api/settings/{id}/edit. */
export const settingsResource = defineResource({
  name: 'settings',
  path: '/api/settings',
  subject: 'setting',
  noun: { one: 'setting', many: 'settings' },
  list: { query: settingListQuerySchema, answer: settingListSchema },
  export: true,
  get: { answer: settingSchema, suffix: '/edit', description: 'One setting, for its form.' },
  create: { body: settingCreateSchema, answer: settingAnswerSchema },
  update: { body: settingUpdateSchema, answer: settingAnswerSchema },
  remove: { answer: messageSchema },
  removeMany: { answer: messageSchema },
});
