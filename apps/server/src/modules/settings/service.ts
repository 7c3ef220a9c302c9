import {
  APP_NAME_SETTING,
  SETTING_MESSAGES,
  type Setting,
  type SettingGroupOption,
  type SettingListQuery,
  type SettingType,
  type settingCreateSchema,
  settingSchema,
  type settingUpdateSchema,
  settingValueProblem,
} from '@sitefleet/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit, recordBulkAction } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { settingGroups, settingMainGroups, settings } from '../../db/schema.ts';
import { type FieldErrors, notFound, validationError } from '../../errors.ts';
import { fieldChanges } from '../../lib/audit-diff.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { columnOrder, listExport } from '../../lists/export.ts';
import { listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';

type SettingCreate = z.output<typeof settingCreateSchema>;
type SettingUpdate = z.output<typeof settingUpdateSchema>;

const settingColumns = {
  id: settings.id,
  name: settings.name,
  fullPath: settings.fullPath,
  value: settings.value,
  type: settings.type,
  description: settings.description,
  isSecret: settings.isSecret,
  groupId: settingGroups.id,
  groupName: settingGroups.name,
  mainGroupId: settingMainGroups.id,
  mainGroupName: settingMainGroups.name,
};

function selectSettings(db: Db) {
  return db
    .select(settingColumns)
    .from(settings)
    .innerJoin(settingGroups, eq(settingGroups.id, settings.groupId))
    .innerJoin(settingMainGroups, eq(settingMainGroups.id, settingGroups.mainGroupId));
}

type SettingRecord = Awaited<ReturnType<ReturnType<typeof selectSettings>['execute']>>[number];

/** A secret's value never leaves the server: the answer only says whether one is stored. */
function toSetting(row: SettingRecord): Setting {
  return {
    id: row.id,
    name: row.name,
    full_path: row.fullPath,
    value: row.isSecret ? null : row.value,
    type: row.type as SettingType,
    description: row.description,
    is_secret: row.isSecret,
    has_value: row.value !== null,
    group: { id: row.groupId, name: row.groupName },
    maingroup: { id: row.mainGroupId, name: row.mainGroupName },
  };
}

/**
 * A setting's entry: its value, description and group as they changed; a secret setting's value
 * only as changed. Its name is the setting's full path.
 */
function recordSetting(
  tx: Db,
  action: 'created' | 'settings_changed' | 'deleted',
  before: SettingRecord | null,
  after: SettingRecord | null,
) {
  const audited = (row: SettingRecord | null) =>
    row && { value: row.value, description: row.description, group: row.groupName };
  const subject = (after ?? before)!;
  return recordAudit(tx, {
    action,
    subjectType: 'setting',
    subjectId: subject.id,
    subjectName: subject.fullPath,
    changes: fieldChanges(audited(before), audited(after), {
      secretFields: subject.isSecret ? ['value'] : [],
    }),
  });
}

const sealedIfSecret = (secrets: SecretBox, isSecret: boolean, value: string | null) =>
  isSecret && value !== null ? secrets.seal(value) : value;

/** Surrounding blanks are never meant; a blank value means "not set". */
const storedValue = (value: string | null | undefined) => value?.trim() || null;

async function settingRecord(db: Db, id: number): Promise<SettingRecord> {
  const [row] = await selectSettings(db).where(eq(settings.id, id));
  if (!row) throw notFound();
  return row;
}

export async function findSetting(db: Db, id: number): Promise<Setting> {
  return toSetting(await settingRecord(db, id));
}

async function groupExists(db: Db, groupId: number): Promise<boolean> {
  const [group] = await db
    .select({ id: settingGroups.id })
    .from(settingGroups)
    .where(eq(settingGroups.id, groupId));
  return group !== undefined;
}

/** The Settings list's order keys and their columns (the group's name is joined in). */
const ORDER_COLUMNS = {
  full_path: settings.fullPath,
  group: settingGroups.name,
  created_at: settings.createdAt,
};

/**
 * GET /api/settings and GET /api/settinggroups: searched by path or description, optionally within
 * one group, in the order asked (by full path by default).
 */
export async function listSettings(
  db: Db,
  query: SettingListQuery & { groupid?: number },
  path: '/api/settings' | '/api/settinggroups',
) {
  if (query.groupid !== undefined && !(await groupExists(db, query.groupid))) {
    throw validationError({ groupid: SETTING_MESSAGES.unknownGroup });
  }
  const where = and(
    searchCondition(query.query, [settings.fullPath, settings.description]),
    query.groupid === undefined ? undefined : eq(settings.groupId, query.groupid),
  );
  const page = await pageOf(query, path, {
    rows: (limit, offset) =>
      selectSettings(db)
        .where(where)
        .orderBy(...listOrder(query, ORDER_COLUMNS, settings.id))
        .limit(limit)
        .offset(offset),
    count: async () => (await db.select({ total: count() }).from(settings).where(where))[0]!.total,
  });
  return { ...page, data: page.data.map(toSetting) };
}

/** GET /api/settings/export: every setting the list finds, in its order (secrets never). */
export function exportSettings(db: Db, query: SettingListQuery) {
  const where = searchCondition(query.query, [settings.fullPath, settings.description]);
  return listExport<Setting>(db, {
    resource: 'settings',
    row: settingSchema,
    fromWhere: sql`FROM ${settings} JOIN ${settingGroups} ON ${settingGroups.id} = ${settings.groupId}
                   WHERE ${where ?? sql`TRUE`}`,
    order: columnOrder(query, ORDER_COLUMNS, settings.id),
    shape: async (ids) =>
      (await selectSettings(db).where(inArray(settings.id, ids))).map(toSetting),
  });
}

/** GET /api/settinggroups/options: every group with its main group, for the create form. */
export async function groupOptions(db: Db): Promise<SettingGroupOption[]> {
  const rows = await db
    .select({
      id: settingGroups.id,
      name: settingGroups.name,
      mainGroupId: settingMainGroups.id,
      mainGroupName: settingMainGroups.name,
    })
    .from(settingGroups)
    .innerJoin(settingMainGroups, eq(settingMainGroups.id, settingGroups.mainGroupId))
    .orderBy(asc(settingMainGroups.name), asc(settingGroups.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    maingroup: { id: row.mainGroupId, name: row.mainGroupName },
  }));
}

/** The group chosen in the form, or else the group of the settings that share the prefix. */
async function groupForNewSetting(db: Db, fullPath: string, groupId: number | null | undefined) {
  if (groupId) {
    if (!(await groupExists(db, groupId))) {
      throw validationError({ group_id: SETTING_MESSAGES.unknownGroup });
    }
    return groupId;
  }
  const prefix = fullPath.split('.')[0]!;
  const [sibling] = await db
    .select({ groupId: settings.groupId })
    .from(settings)
    .where(sql`split_part(${settings.fullPath}, '.', 1) = ${prefix}`)
    .orderBy(asc(settings.id))
    .limit(1);
  if (!sibling) throw validationError({ group_id: SETTING_MESSAGES.groupNotDerivable(prefix) });
  return sibling.groupId;
}

/** POST /api/settings. The value was checked against its type by the contract schema. */
export async function createSetting(db: Db, secrets: SecretBox, input: SettingCreate) {
  const groupId = await groupForNewSetting(db, input.name, input.group_id);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(settings)
      .values({
        fullPath: input.name,
        name: input.name.split('.').slice(1).join('.'),
        value: sealedIfSecret(secrets, input.is_secret ?? false, storedValue(input.value)),
        type: input.type,
        description: input.description ?? null,
        isSecret: input.is_secret ?? false,
        groupId,
      })
      .returning({ id: settings.id });
    if (!created) throw new Error('The setting was not inserted');
    const record = await settingRecord(tx, created.id);
    await recordSetting(tx, 'created', null, record);
    return toSetting(record);
  });
}

/**
 * PUT /api/settings/{id}. Name, type and secrecy are fixed once created. A left-out value or
 * description stays as it is; a secret keeps its value unless a new one is given.
 */
export async function updateSetting(db: Db, secrets: SecretBox, id: number, input: SettingUpdate) {
  const current = await settingRecord(db, id);
  const errors: FieldErrors = {};
  if (input.name !== undefined && input.name !== current.fullPath) {
    errors.name = [SETTING_MESSAGES.nameReadOnly];
  }
  if (input.type !== undefined && input.type !== current.type) {
    errors.type = [SETTING_MESSAGES.typeReadOnly];
  }
  if (input.is_secret !== undefined && input.is_secret !== current.isSecret) {
    errors.is_secret = [SETTING_MESSAGES.secretReadOnly];
  }
  const keepsValue =
    input.value === undefined || (current.isSecret && storedValue(input.value) === null);
  const newValue = storedValue(input.value);
  // A kept value was checked when it was stored (and a secret's is sealed): check only a new one.
  const problem = keepsValue
    ? null
    : settingValueProblem(current.fullPath, current.type as SettingType, newValue);
  if (problem) errors.value = [problem];
  if (input.group_id && !(await groupExists(db, input.group_id))) {
    errors.group_id = [SETTING_MESSAGES.unknownGroup];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return db.transaction(async (tx) => {
    await tx
      .update(settings)
      .set({
        ...(!keepsValue && { value: sealedIfSecret(secrets, current.isSecret, newValue) }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.group_id && { groupId: input.group_id }),
        updatedAt: new Date(),
      })
      .where(eq(settings.id, id));
    const record = await settingRecord(tx, id);
    await recordSetting(tx, 'settings_changed', current, record);
    return toSetting(record);
  });
}

/** Deletes settings, all or none; never app.name, which every screen shows. */
async function removeSettings(db: Db, ids: number[], field: 'id' | 'ids') {
  const [appName] = await db
    .select({ id: settings.id })
    .from(settings)
    .where(and(inArray(settings.id, ids), eq(settings.fullPath, APP_NAME_SETTING)));
  if (appName) throw validationError({ [field]: SETTING_MESSAGES.appNameUndeletable });
  await db.delete(settings).where(inArray(settings.id, ids));
}

export async function deleteSetting(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const record = await settingRecord(tx, id);
    await removeSettings(tx, [id], 'id');
    await recordSetting(tx, 'deleted', record, null);
  });
}

/** DELETE /api/settings: answers how many were deleted. */
export function deleteSettings(db: Db, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await assertIdsExist(tx, 'settings', ids);
    await removeSettings(tx, unique, 'ids');
    await recordBulkAction(tx, 'setting', 'delete', unique);
    return unique.length;
  });
}
