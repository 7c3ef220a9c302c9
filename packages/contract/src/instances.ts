import { z } from 'zod';
import { messageSchema } from './errors.ts';
import { costField, requiredText } from './fields.ts';
import { GAP_OPTIONS, INSTANCE_REGIONS, INSTANCE_STATES, INSTANCE_TYPES } from './options.ts';
import {
  MAX_ID,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';

/** The instance form's messages; the first nine are the original product's, word for word (see docs/api-compatibility.md). */
export const INSTANCE_MESSAGES = {
  instanceIdRequired: 'Instance ID is required',
  ipAddressRequired: 'IP Address is required',
  ipAddressInvalid: 'Must be a valid IPv4 address',
  gapRequired: 'Gap is required',
  regionRequired: 'Region is required',
  typeRequired: 'Server type is required',
  stateRequired: 'Server state is required',
  instanceIdTaken: 'This Instance ID is already taken',
  gapInvalid: 'Gap must be a time from the list, every 15 minutes from 00:00 to 23:45',
  regionInvalid: `Region must be one of ${INSTANCE_REGIONS.join(', ')}`,
  typeInvalid: `Server type must be one of ${INSTANCE_TYPES.join(', ')}`,
  stateInvalid: `Server state must be one of ${INSTANCE_STATES.join(', ')}`,
  logsInstanceIdInvalid: 'instance_id must be the id of an instance',
  /** The Instance Detailed Logs modal's text when its page failed to load. */
  logsFetchFailed: 'Error fetching logs',
  created: 'Instance created successfully!',
  updated: 'Instance updated successfully!',
  deleted: (n: number) =>
    n === 1 ? 'Instance deleted successfully!' : `${n} instances deleted successfully!`,
} as const;

/** One octet: 0 to 255, without leading zeros (01 is refused, as some parsers read it as octal). */
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const IPV4_PATTERN = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export const isIPv4 = (text: string) => IPV4_PATTERN.test(text);

/** A value chosen from a list: empty is `required`, a value not in the list is `invalid`. */
function choice(options: readonly string[], messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .refine((value) => options.includes(value), messages.invalid);
}

export const INSTANCE_ID_MAX = 100;

/** POST /api/instances and PUT /api/instances/{id}. */
export const instanceInputSchema = z.strictObject({
  instance_id: requiredText(INSTANCE_MESSAGES.instanceIdRequired, INSTANCE_ID_MAX),
  ip_address: z
    .string({ error: INSTANCE_MESSAGES.ipAddressRequired })
    .trim()
    .min(1, { error: INSTANCE_MESSAGES.ipAddressRequired, abort: true })
    .refine(isIPv4, INSTANCE_MESSAGES.ipAddressInvalid),
  current_state: choice(INSTANCE_STATES, {
    required: INSTANCE_MESSAGES.stateRequired,
    invalid: INSTANCE_MESSAGES.stateInvalid,
  }),
  gap: choice(GAP_OPTIONS, {
    required: INSTANCE_MESSAGES.gapRequired,
    invalid: INSTANCE_MESSAGES.gapInvalid,
  }),
  region: choice(INSTANCE_REGIONS, {
    required: INSTANCE_MESSAGES.regionRequired,
    invalid: INSTANCE_MESSAGES.regionInvalid,
  }),
  type: choice(INSTANCE_TYPES, {
    required: INSTANCE_MESSAGES.typeRequired,
    invalid: INSTANCE_MESSAGES.typeInvalid,
  }),
  cost: costField,
});
export type InstanceValues = z.output<typeof instanceInputSchema>;

export const instanceSchema = z.object({
  id: z.number(),
  instance_id: z.string(),
  ip_address: z.string(),
  current_state: z.string(),
  gap: z.string(),
  region: z.string(),
  type: z.string(),
  cost: z.number(),
  created_at: z.string(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instancesPageSchema = paginatedSchema(instanceSchema);

/** Columns the Instances list sorts by. */
export const INSTANCE_ORDER_KEYS = [
  'instance_id',
  'current_state',
  'region',
  'cost',
  'created_at',
] as const;

/** GET /api/instances?page=&query=&order_key=&order_dir= (newest first by default). */
export const instanceListQuerySchema = pageQuerySchema.extend(
  orderQueryFields(INSTANCE_ORDER_KEYS, NEWEST_FIRST),
);
export type InstanceListQuery = z.infer<typeof instanceListQuerySchema>;

/** POST /api/instances/{id}/rotate-token: the agent's new token, shown this once. */
export const agentTokenSchema = z.object({ token: z.string() });

/** POST /api/instances: the new instance and its agent's first token, shown this once. */
export const instanceCreatedSchema = instanceSchema.extend({ agent_token: z.string() });
export type InstanceCreated = z.infer<typeof instanceCreatedSchema>;

// ── Instance Detailed Logs ───────────────────────────────────────────────────────────────────

export const INSTANCE_LOGS_PER_PAGE = 10;

/** GET /api/instance_instructions: `instance_id` is the instance's id (the row's, not its name). */
export const instanceLogsQuerySchema = z.object({
  instance_id: z.coerce
    .number({ error: INSTANCE_MESSAGES.logsInstanceIdInvalid })
    .int(INSTANCE_MESSAGES.logsInstanceIdInvalid)
    .positive(INSTANCE_MESSAGES.logsInstanceIdInvalid)
    .max(MAX_ID, INSTANCE_MESSAGES.logsInstanceIdInvalid),
  page: z.coerce.number().int().min(1).default(1),
});

export const instanceLogSchema = z.object({
  id: z.number(),
  ip_address: z.string(),
  gap: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type InstanceLog = z.infer<typeof instanceLogSchema>;

/** Newest first; the logs modal (and the original product's clients) read `data` and `total_pages`. */
export const instanceLogsPageSchema = z.object({
  data: z.array(instanceLogSchema),
  current_page: z.number(),
  total_pages: z.number(),
  per_page: z.number(),
  total: z.number(),
});
export type InstanceLogsPage = z.infer<typeof instanceLogsPageSchema>;

/** The Instances list and form's routes. */
export const instancesResource = defineResource({
  name: 'instances',
  path: '/api/instances',
  subject: 'instance',
  noun: { one: 'instance', many: 'instances' },
  list: { query: instanceListQuerySchema, answer: instancesPageSchema },
  export: true,
  get: { answer: instanceSchema },
  create: { body: instanceInputSchema, answer: instanceCreatedSchema },
  update: { body: instanceInputSchema, answer: instanceSchema },
  remove: { answer: messageSchema },
  removeMany: { answer: messageSchema },
});
