import { ECONOMICS_SETTINGS, utcDay } from '@sitefleet/contract';
import type OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { readSettings } from '../../db/settings.ts';
import { answerExcerpt } from '../../lib/delivery-http.ts';
import { parseStorableJson, storableText } from '../../lib/outside-text.ts';
import { recordCost } from '../../modules/costs/record.ts';

/**
 * The AI provider: any OpenAI-compatible chat-completions API, named by the application settings
 * ai.base_url, ai.model and ai.api_key. The settings are read on every call, so a change applies
 * to the next job without a restart.
 */

export const AI_NOT_CONFIGURED = 'The AI provider is not configured';

export type ChatMessage = ChatCompletionMessageParam;

type OpenAIModule = typeof import('openai');
let openAIModule: Promise<OpenAIModule> | undefined;
/** The SDK is loaded on the first call: a server that never generates does not hold it. */
const loadOpenAI = () => {
  openAIModule ??= import('openai');
  return openAIModule;
};

async function providerClient(context: AppContext) {
  const values = await readSettings(context.db, context.secrets, [
    'ai.base_url',
    'ai.model',
    'ai.api_key',
  ]);
  const baseURL = values['ai.base_url'];
  const model = values['ai.model'];
  const apiKey = values['ai.api_key'];
  if (!baseURL || !model || !apiKey) throw new Error(AI_NOT_CONFIGURED);
  const sdk = await loadOpenAI();
  const client = new sdk.default({
    baseURL,
    apiKey,
    timeout: context.config.AI_TIMEOUT_MS,
    // The job queue retries with back-off; retries inside the client would hide failures from it.
    maxRetries: 0,
    fetch: context.outbound.fetch,
    // Everything comes from the settings: no organisation or project from the environment.
    organization: null,
    project: null,
  });
  return { client, model, sdk };
}

/** The provider's error as a message an operator can act on. */
function providerFailure(
  { APIConnectionError, APIConnectionTimeoutError, APIError }: OpenAIModule,
  error: unknown,
  timeoutMs: number,
): Error {
  if (error instanceof APIConnectionTimeoutError) {
    return new Error(`The AI provider did not answer within ${timeoutMs} ms`);
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    return new Error(
      `Could not reach the AI provider: ${cause?.code ?? cause?.message ?? error.message}`,
    );
  }
  if (error instanceof APIError) {
    return new Error(`The AI provider failed: ${answerExcerpt(error.message)}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** A count of tokens as the provider answered it: a whole number from 0, else none. */
const tokenCount = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** A price setting: what it says when it is a number from 0, else 0. */
const price = (value: string | null) => {
  const number = Number(value ?? '');
  return value?.trim() && Number.isFinite(number) && number >= 0 ? number : 0;
};

/**
 * Charges the call to its website: its tokens at the prices per 1,000 of the settings, in their
 * currency, a `generation` cost of the model. A provider that answers no usage bills nothing
 * that can be counted: no cost is recorded.
 */
async function chargeCall(
  context: AppContext,
  websiteId: number,
  model: string,
  usage: OpenAI.CompletionUsage | undefined,
) {
  const input = tokenCount(usage?.prompt_tokens);
  const output = tokenCount(usage?.completion_tokens);
  if (input === null || output === null) return;
  const prices = await readSettings(context.db, context.secrets, [
    ECONOMICS_SETTINGS.aiInputPricePer1k,
    ECONOMICS_SETTINGS.aiOutputPricePer1k,
    ECONOMICS_SETTINGS.aiPriceCurrency,
  ]);
  const currency = prices[ECONOMICS_SETTINGS.aiPriceCurrency]?.trim().toUpperCase();
  await recordCost(context.db, {
    websiteId,
    day: utcDay(Date.now()),
    kind: 'generation',
    source: model,
    amount:
      (input / 1000) * price(prices[ECONOMICS_SETTINGS.aiInputPricePer1k]) +
      (output / 1000) * price(prices[ECONOMICS_SETTINGS.aiOutputPricePer1k]),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
    inputTokens: input,
    outputTokens: output,
  });
}

export interface CompletionOptions {
  /** The website the call works for: what the provider bills for it is charged to it. */
  websiteId: number | null;
  responseFormat?: ChatCompletionCreateParamsNonStreaming['response_format'];
}

/**
 * The model's text answer to `messages` (in `responseFormat` when given). What the call cost is
 * recorded as soon as the provider answers, even when the answer is then refused: it is billed.
 */
export async function complete(
  context: AppContext,
  messages: ChatMessage[],
  { websiteId, responseFormat }: CompletionOptions,
): Promise<string> {
  const { client, model, sdk } = await providerClient(context);
  let completion: OpenAI.ChatCompletion;
  try {
    completion = await client.chat.completions.create({
      model,
      messages,
      ...(responseFormat ? { response_format: responseFormat } : {}),
    });
  } catch (error) {
    throw providerFailure(sdk, error, context.config.AI_TIMEOUT_MS);
  }
  if (websiteId !== null) await chargeCall(context, websiteId, model, completion.usage);
  const choice = completion.choices[0];
  // A cut-off answer is half-made content: it is a failure, never saved.
  if (choice?.finish_reason === 'length') {
    throw new Error('The AI provider cut its answer off at its length limit');
  }
  const text = storableText(choice?.message.content ?? '').trim();
  if (!text) throw new Error('The AI provider answered without any text');
  return text;
}

/**
 * The model's answer as JSON, checked against `schema`. Text that is not JSON, or JSON of another
 * shape, is a failure: callers save nothing from it.
 */
export async function completeJson<T>(
  context: AppContext,
  messages: ChatMessage[],
  schema: z.ZodType<T>,
  websiteId: number | null,
): Promise<T> {
  const text = await complete(context, messages, {
    websiteId,
    responseFormat: { type: 'json_object' },
  });
  let json: unknown;
  try {
    json = parseStorableJson(text);
  } catch {
    throw new Error(`The AI provider did not answer JSON: ${answerExcerpt(text)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `The AI provider's answer does not have the expected form: ${answerExcerpt(z.prettifyError(parsed.error))}`,
    );
  }
  return parsed.data;
}
