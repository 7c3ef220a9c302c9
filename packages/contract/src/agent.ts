import { z } from 'zod';
import { categoryCreateSchema } from './categories.ts';
import { INSTANCE_MESSAGES, isIPv4 } from './instances.ts';
import { LIMIT_OPTIONS } from './options.ts';
import { postFormSchema } from './posts.ts';

/**
 * The API of the instances' browser agents. An agent authenticates with its instance's token
 * (`Authorization: Bearer <token>`), fetches its instruction at the instance's gap time, generates
 * what it asks for and reports the result; between times it sends heartbeats.
 */

/** What an instruction asks the agent to generate. */
export const AGENT_GENERATE_KINDS = ['categories', 'posts'] as const;
export type AgentGenerateKind = (typeof AGENT_GENERATE_KINDS)[number];

/** No instruction asks for more than the highest generation limit. */
export const AGENT_REPORT_MAX_ITEMS = Math.max(...LIMIT_OPTIONS);

export const AGENT_MESSAGES = {
  tokenMissing: "Send the instance's agent token in the Authorization header: Bearer <token>.",
  tokenUnknown:
    'This agent token is not valid: it was rotated or never issued. Give the agent the token shown in the instance form.',
  otherInstance: 'This instruction was given to another instance.',
  alreadyReported: 'This instruction was already reported.',
  wrongKind: (asked: AgentGenerateKind, sent: AgentGenerateKind) =>
    `This instruction asks for ${asked}, not ${sent}.`,
  reportMissing: (asked: AgentGenerateKind) =>
    `Report the ${asked} this instruction asks for (an empty list when there are none).`,
  overLimit: (limit: number, kind: AgentGenerateKind) =>
    `At most ${limit} ${kind} may be reported for this instruction.`,
  requestIpNotIPv4: (ip: string) =>
    `Send ip_address: this request comes from ${ip}, which is not an IPv4 address.`,
} as const;

// ── GET /api/agent/instruction ───────────────────────────────────────────────────────────────

export const agentInstructionSchema = z.object({
  id: z.number(),
  generate: z.enum(AGENT_GENERATE_KINDS),
  website: z.object({ id: z.number(), name: z.string(), url: z.string() }),
  category: z
    .object({ id: z.number(), name: z.string(), keywords: z.string() })
    .describe(
      'The auto-sync category worked on: new categories are its sub-categories, new posts are in it.',
    ),
  prompt: z.string().describe("The website's prompt with its placeholders filled in."),
  limit: z.number().describe('The most records the report may hold.'),
  reference_sites: z.string().nullable().describe("The website's reference sites."),
  browser_refresh_hours: z
    .number()
    .nullable()
    .describe(
      "Reload the browser every this many hours (the website's browserRefresh); null: never.",
    ),
  created_at: z.string(),
});
export type AgentInstruction = z.infer<typeof agentInstructionSchema>;

const nextAtField = z
  .string()
  .describe(
    "When the instance's next instruction is prepared (its gap time). Once passed, the instruction is being prepared: ask again a minute later.",
  );

export const agentInstructionAnswerSchema = z.object({
  instruction: agentInstructionSchema
    .nullable()
    .describe('The instruction not reported yet; null when there is none.'),
  next_at: nextAtField,
});
export type AgentInstructionAnswer = z.infer<typeof agentInstructionAnswerSchema>;

// ── POST /api/agent/instructions/{id}/report ─────────────────────────────────────────────────

/** A generated sub-category: the category form's rules; its slug is made from the name. */
const reportedCategorySchema = categoryCreateSchema.pick({
  name: true,
  description: true,
  keywords: true,
});

/** A generated post: the post form's rules; its category is the instruction's. */
const reportedPostSchema = postFormSchema.pick({
  title: true,
  description: true,
  content_reference: true,
});

/**
 * The report of one instruction: `categories` or `posts`, whichever it asks for, at most its
 * `limit` of them (more is refused, not cut). The records are created unapproved, on the
 * instruction's website, under its category; names the category already has are skipped.
 */
export const agentReportSchema = z.strictObject({
  categories: z
    .array(reportedCategorySchema)
    .max(AGENT_REPORT_MAX_ITEMS, AGENT_MESSAGES.overLimit(AGENT_REPORT_MAX_ITEMS, 'categories'))
    .optional(),
  posts: z
    .array(reportedPostSchema)
    .max(AGENT_REPORT_MAX_ITEMS, AGENT_MESSAGES.overLimit(AGENT_REPORT_MAX_ITEMS, 'posts'))
    .optional(),
});
export type AgentReportValues = z.output<typeof agentReportSchema>;

export const agentReportAnswerSchema = z.object({
  instruction_id: z.number(),
  created: z
    .array(z.object({ id: z.number(), name: z.string() }))
    .describe("The records created: a category's name or a post's title."),
  skipped: z
    .array(z.string())
    .describe('The names (titles) the category already had: not created again.'),
});
export type AgentReportAnswer = z.infer<typeof agentReportAnswerSchema>;

// ── POST /api/agent/heartbeat ────────────────────────────────────────────────────────────────

export const agentHeartbeatSchema = z.strictObject({
  ip_address: z
    .string({ error: INSTANCE_MESSAGES.ipAddressInvalid })
    .trim()
    .refine(isIPv4, INSTANCE_MESSAGES.ipAddressInvalid)
    .optional()
    .describe("The instance's public IPv4 address; left out, the request's address is taken."),
});

export const agentHeartbeatAnswerSchema = z.object({
  ip_address: z.string(),
  last_heartbeat_at: z.string(),
  next_at: nextAtField,
  browser_refresh_hours: z
    .number()
    .nullable()
    .describe('The browser refresh of the website of the instruction not reported yet; else null.'),
});
export type AgentHeartbeatAnswer = z.infer<typeof agentHeartbeatAnswerSchema>;
