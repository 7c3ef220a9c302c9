import {
  AGENT_MESSAGES,
  type AgentGenerateKind,
  type AgentHeartbeatAnswer,
  type AgentInstruction,
  type AgentInstructionAnswer,
  type AgentReportAnswer,
  type AgentReportValues,
  isIPv4,
} from '@sitefleet/contract';
import { and, eq } from 'drizzle-orm';
import {
  hasRecordNamed,
  insertGeneratedCategory,
  insertGeneratedPost,
} from '../../content/generated.ts';
import type { Db } from '../../db/client.ts';
import {
  agentInstructions,
  categories,
  instances,
  websiteSettings,
  websites,
} from '../../db/schema.ts';
import { forbidden, HttpError, notFound, validationError } from '../../errors.ts';
import { hashAgentToken } from '../../lib/secrets.ts';
import {
  type AgentInstance,
  describeWork,
  INSTRUCTION_STATUS,
  type Instruction,
  isOpen,
  LOG_STATUS,
  openInstruction,
  writeInstanceLog,
} from './instructions.ts';
import { nextDispatchAt } from './schedule.ts';

// ── Authentication ───────────────────────────────────────────────────────────────────────────

/** Answers 401 with a reason the agent's operator can act on, and the scheme to use. */
const unauthorised = (message: string) =>
  new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer' });

/** The instance whose agent token the `Authorization: Bearer <token>` header carries. */
export async function authenticateAgent(
  db: Db,
  authorization: string | undefined,
): Promise<AgentInstance> {
  const token = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token) throw unauthorised(AGENT_MESSAGES.tokenMissing);
  const [instance] = await db
    .select({ id: instances.id, ipAddress: instances.ipAddress, gap: instances.gap })
    .from(instances)
    .where(eq(instances.agentTokenHash, hashAgentToken(token)));
  if (!instance) throw unauthorised(AGENT_MESSAGES.tokenUnknown);
  return instance;
}

/** The address a request comes from; an IPv4-mapped IPv6 address is the IPv4 address it maps. */
export const requestAddress = (ip: string) => ip.replace(/^::ffff:(?=\d+\.)/i, '');

// ── Instruction ──────────────────────────────────────────────────────────────────────────────

/** The instruction as the agent receives it, with its website's current settings. */
async function instructionAnswer(db: Db, instructionId: number): Promise<AgentInstruction> {
  const [row] = await db
    .select({
      instruction: agentInstructions,
      website: { id: websites.id, name: websites.name, url: websites.url },
      category: { id: categories.id, name: categories.name, keywords: categories.keywords },
      referenceSites: websiteSettings.referenceSites,
      browserRefresh: websiteSettings.browserRefresh,
    })
    .from(agentInstructions)
    .innerJoin(websites, eq(websites.id, agentInstructions.websiteId))
    .leftJoin(websiteSettings, eq(websiteSettings.websiteId, websites.id))
    .innerJoin(categories, eq(categories.id, agentInstructions.categoryId))
    .where(eq(agentInstructions.id, instructionId));
  const { instruction, website, category, referenceSites, browserRefresh } = row!;
  return {
    id: instruction.id,
    generate: instruction.generate as AgentGenerateKind,
    website,
    category,
    prompt: instruction.prompt,
    limit: instruction.limit,
    reference_sites: referenceSites,
    browser_refresh_hours: browserRefresh,
    created_at: instruction.createdAt.toISOString(),
  };
}

/**
 * GET /api/agent/instruction: the instance's open instruction, marked sent the first time it is
 * fetched. Fetching it again (an agent restarted mid-work) answers it again, without a log row.
 */
export async function fetchInstruction(
  db: Db,
  instance: AgentInstance,
  ipAddress: string,
): Promise<AgentInstructionAnswer> {
  return db.transaction(async (tx) => {
    const open = await openInstruction(tx, instance.id);
    const next_at = (await nextDispatchAt(tx, instance)).toISOString();
    if (!open) return { instruction: null, next_at };
    const answer = await instructionAnswer(tx, open.id);
    if (open.status === INSTRUCTION_STATUS.pending) {
      await tx
        .update(agentInstructions)
        .set({ status: INSTRUCTION_STATUS.sent, sentAt: new Date() })
        .where(eq(agentInstructions.id, open.id));
      const work = describeWork({
        generate: answer.generate,
        limit: answer.limit,
        websiteName: answer.website.name,
        categoryName: answer.category.name,
      });
      await writeInstanceLog(tx, instance, {
        ipAddress,
        status: LOG_STATUS.sent(work),
        details: { instruction_id: open.id },
      });
    }
    return { instruction: answer, next_at };
  });
}

// ── Report ───────────────────────────────────────────────────────────────────────────────────

/**
 * The kind the instruction asks for, when the report holds it within the limit and nothing of the
 * other kind.
 */
function askedKind(instruction: Instruction, report: AgentReportValues): AgentGenerateKind {
  const asked = instruction.generate as AgentGenerateKind;
  const other: AgentGenerateKind = asked === 'categories' ? 'posts' : 'categories';
  const errors: Record<string, string> = {};
  if (report[other] !== undefined) errors[other] = AGENT_MESSAGES.wrongKind(asked, other);
  const items = report[asked];
  if (items === undefined) errors[asked] = AGENT_MESSAGES.reportMissing(asked);
  else if (items.length > instruction.limit) {
    errors[asked] = AGENT_MESSAGES.overLimit(instruction.limit, asked);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return asked;
}

/**
 * Creates the reported records with the forms' services, by the scheduled AI refresh's rules:
 * sub-categories of the instruction's category on its website (with a unique slug), or posts in
 * that category; a name the category already has is skipped.
 */
async function createReportedRecords(db: Db, instruction: Instruction, report: AgentReportValues) {
  const created: AgentReportAnswer['created'] = [];
  const skipped: string[] = [];
  const categoryId = instruction.categoryId!;
  for (const category of report.categories ?? []) {
    if (await hasRecordNamed(db, 'category', categoryId, category.name)) {
      skipped.push(category.name);
      continue;
    }
    const id = await insertGeneratedCategory(
      db,
      { websiteId: instruction.websiteId, sourceId: categoryId },
      category,
    );
    created.push({ id, name: category.name });
  }
  for (const post of report.posts ?? []) {
    if (await hasRecordNamed(db, 'post', categoryId, post.title)) {
      skipped.push(post.title);
      continue;
    }
    // The post gets a variant on each website of its category, the instruction's among them.
    const id = await insertGeneratedPost(db, categoryId, post);
    created.push({ id, name: post.title });
  }
  return { created, skipped };
}

/**
 * POST /api/agent/instructions/{id}/report: creates the reported records, unapproved, on the
 * instruction's website and closes the instruction, all in one transaction.
 */
export async function reportInstruction(
  db: Db,
  instance: AgentInstance,
  instructionId: number,
  report: AgentReportValues,
  ipAddress: string,
): Promise<AgentReportAnswer> {
  return db.transaction(async (tx) => {
    const [instruction] = await tx
      .select()
      .from(agentInstructions)
      .where(eq(agentInstructions.id, instructionId))
      .for('update');
    if (!instruction) throw notFound();
    if (instruction.instanceId !== instance.id) throw forbidden(AGENT_MESSAGES.otherInstance);
    if (instruction.status === INSTRUCTION_STATUS.reported) {
      throw new HttpError(409, AGENT_MESSAGES.alreadyReported);
    }
    const asked = askedKind(instruction, report);
    const { created, skipped } = await createReportedRecords(tx, instruction, report);
    await tx
      .update(agentInstructions)
      .set({ status: INSTRUCTION_STATUS.reported, reportedAt: new Date() })
      .where(eq(agentInstructions.id, instruction.id));
    await writeInstanceLog(tx, instance, {
      ipAddress,
      status: LOG_STATUS.reported(asked, created.length, skipped.length),
      details: {
        instruction_id: instruction.id,
        created_ids: created.map((record) => record.id),
        skipped,
      },
    });
    return { instruction_id: instruction.id, created, skipped };
  });
}

// ── Heartbeat ────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/agent/heartbeat: records the instance's address (the one it reports, which sees past
 * proxies and NAT, else the request's) and the time.
 */
export async function recordHeartbeat(
  db: Db,
  instance: AgentInstance,
  reportedIp: string | undefined,
  requestIp: string,
): Promise<AgentHeartbeatAnswer> {
  const ipAddress = reportedIp ?? requestIp;
  // The instance form holds IPv4 addresses only; an IPv6 caller must say its IPv4 address.
  if (!isIPv4(ipAddress)) {
    throw validationError({ ip_address: AGENT_MESSAGES.requestIpNotIPv4(ipAddress) });
  }
  const now = new Date();
  await db
    .update(instances)
    .set({ ipAddress, lastHeartbeatAt: now })
    .where(eq(instances.id, instance.id));
  const [refresh] = await db
    .select({ hours: websiteSettings.browserRefresh })
    .from(agentInstructions)
    .innerJoin(websiteSettings, eq(websiteSettings.websiteId, agentInstructions.websiteId))
    .where(and(eq(agentInstructions.instanceId, instance.id), isOpen));
  return {
    ip_address: ipAddress,
    last_heartbeat_at: now.toISOString(),
    next_at: (await nextDispatchAt(db, instance)).toISOString(),
    browser_refresh_hours: refresh?.hours ?? null,
  };
}
