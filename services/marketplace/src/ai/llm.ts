import { AiSearchResult, DELIVERY_OPTIONS, GIG_CATEGORIES, GigSort, PRICE_THRESHOLDS, PriceRange } from '@commonwork/contracts';
import { z } from 'zod';
import { interpret, searchWordsOf } from './interpret.ts';
import { createVocabulary, type Vocabulary } from './vocabulary.ts';

/** Turns a plain-words request into listing filters. */
export type AiInterpreter = (query: string) => Promise<AiSearchResult>;

/** Where and how to reach an OpenAI-compatible chat completions endpoint. */
export interface LlmOptions {
  /** The API root, e.g. "https://api.example.com/v1"; "/chat/completions" is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Default 4000 ms: the buyer is waiting on the listing, and the local reading is a fine answer. */
  timeoutMs?: number;
  /** Default `globalThis.fetch`; a seam for a proxying client, not for tests (they use a real server). */
  fetch?: typeof globalThis.fetch;
}

/** Why a model reply was not used; logged, never shown. */
export type LlmFailure = 'network' | 'timeout' | 'status' | 'json' | 'schema';

/** A failed model call; the message never contains the key or the reply body. */
export class LlmError extends Error {
  readonly reason: LlmFailure;
  readonly status: number | null;

  constructor(reason: LlmFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'LlmError';
    this.reason = reason;
    this.status = status;
  }
}

const LONGEST_DELIVERY = Math.max(...DELIVERY_OPTIONS.map((option) => Number(option.value)));

/** The reply as the listing may use it: the contract, plus sub-categories that belong to the category. */
const LlmReply = AiSearchResult.superRefine((reply, ctx) => {
  const { category } = reply.suggestedFilters;
  const allowed: readonly string[] = category === 'all' ? [] : GIG_CATEGORIES[category].subCategories;
  if (reply.subCategory !== null && !allowed.includes(reply.subCategory)) {
    ctx.addIssue({ code: 'custom', path: ['subCategory'], message: `not a sub-category of ${category}` });
  }
  if (reply.deliveryDays !== null && !(Number.isInteger(reply.deliveryDays) && reply.deliveryDays >= 1)) {
    ctx.addIssue({ code: 'custom', path: ['deliveryDays'], message: 'not a whole number of days' });
  }
  for (const key of ['minPrice', 'maxPrice'] as const) {
    const value = reply[key];
    if (value !== null && value < 0) ctx.addIssue({ code: 'custom', path: [key], message: 'negative price' });
  }
});

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** The instructions: every enumeration the reply may use, the exact JSON shape, and today for "by Friday". */
export function systemPrompt(now: Date = new Date()): string {
  const categories = Object.entries(GIG_CATEGORIES)
    .map(([key, { label, subCategories }]) => `- ${key} (${label}): ${subCategories.join(', ')}`)
    .join('\n');
  return [
    "You turn a buyer's plain-words request for freelance gigs into search filters.",
    'Reply with one JSON object only, no prose, with exactly these fields:',
    '{"interpretedQuery": string, "explanation": string, "searchQuery": string,',
    ' "suggestedFilters": {"category": string, "priceRange": string, "sortBy": string},',
    ' "subCategory": string|null, "maxPrice": number|null, "minPrice": number|null, "deliveryDays": number|null,',
    ' "suggestions": string[]}',
    `Categories ("all" when none fits) and their sub-categories:\n${categories}`,
    `priceRange: ${PriceRange.options.join(', ')} (low under $${PRICE_THRESHOLDS.low}, medium $${PRICE_THRESHOLDS.low}-$${PRICE_THRESHOLDS.high}, high over $${PRICE_THRESHOLDS.high}).`,
    'minPrice/maxPrice: exact US dollar bounds the buyer stated, else null.',
    `sortBy: ${GigSort.options.join(', ')}.`,
    `deliveryDays: the longest delivery the buyer accepts in whole days ("fast", "urgent", "asap": 3; "tomorrow": 1), else null; ${LONGEST_DELIVERY} or more means null.`,
    'searchQuery: the skills and technologies to rank by, in English, lower-case; never price, order or delivery words, filler ("who", "i need"), nor words naming the chosen category (designer, developer).',
    "subCategory must be one of the chosen category's sub-categories, or null.",
    'explanation: one or two sentences naming which words led to which filter. suggestions: 3 to 5 related searches.',
    `Today is ${now.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} ${now.toISOString().slice(0, 10)}.`,
  ].join('\n');
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * An interpreter backed by an OpenAI-compatible model. It throws `LlmError` on any failure;
 * `interpretWithFallback` is what the service calls.
 */
export function createLlmInterpreter({ baseUrl, apiKey, model, timeoutMs = 4_000, fetch = globalThis.fetch }: LlmOptions): AiInterpreter {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (query) => {
    // One signal covers the whole exchange, the body included: a server that stalls mid-reply times out too.
    const signal = AbortSignal.timeout(timeoutMs);
    let completion: unknown;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: systemPrompt() },
            { role: 'user', content: query },
          ],
        }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new LlmError('status', `model replied ${response.status}`, response.status);
      }
      completion = await response.json().catch((error: unknown) => {
        if (isTimeout(error)) throw error;
        throw new LlmError('json', 'model reply is not JSON');
      });
    } catch (error) {
      if (error instanceof LlmError) throw error;
      if (isTimeout(error)) throw new LlmError('timeout', `model did not answer within ${timeoutMs} ms`);
      throw new LlmError('network', 'model unreachable');
    }
    const envelope = ChatCompletion.safeParse(completion);
    if (!envelope.success) throw new LlmError('schema', 'model reply has no message');
    let content: unknown;
    try {
      content = JSON.parse(envelope.data.choices[0]?.message.content ?? '');
    } catch {
      throw new LlmError('json', 'model message is not JSON');
    }
    const reply = LlmReply.safeParse(typeof content === 'object' && content !== null ? { ...content, source: 'llm' } : content);
    if (!reply.success)
      throw new LlmError('schema', `model reply does not match: ${reply.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    // The same words and limits the local reading would give: a model that leaves "fast" or
    // "designer" in the words would make every result need them.
    const { deliveryDays, suggestedFilters } = reply.data;
    return {
      ...reply.data,
      searchQuery: searchWordsOf(reply.data.searchQuery, suggestedFilters.category !== 'all'),
      deliveryDays: deliveryDays === null || deliveryDays >= LONGEST_DELIVERY ? null : deliveryDays,
    };
  };
}

/** Where `interpretWithFallback` reports a model failure; a pino logger fits. */
export interface FallbackLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** What `interpretWithFallback` may use; every field is optional. */
export interface FallbackOptions {
  /** The model interpreter; without it the local reading is used directly. */
  llm?: AiInterpreter;
  /** Passed to the local interpreter; default the built-in table. */
  vocabulary?: Vocabulary;
  /** Live terms (e.g. popular gig tags) added to `vocabulary` for the typo tolerance. */
  extraTerms?: readonly string[];
  log?: FallbackLog;
  /** What "by Friday" counts from; default the current time. */
  now?: Date;
}

/**
 * Asks the model when one is configured and falls back to the local interpreter on any failure,
 * so AI search always answers. The warning carries the failure kind and status, never the key,
 * the reply or the request text.
 */
export async function interpretWithFallback(
  query: string,
  { llm, vocabulary, extraTerms, log, now = new Date() }: FallbackOptions = {},
): Promise<AiSearchResult> {
  if (llm) {
    try {
      return await llm(query);
    } catch (error) {
      const reason = error instanceof LlmError ? error.reason : 'unexpected';
      const status = error instanceof LlmError ? error.status : null;
      const detail = error instanceof LlmError ? error.message : 'interpreter threw';
      log?.warn({ reason, status, detail, queryLength: query.length }, 'ai search: model failed, using the local interpreter');
    }
  }
  return interpret(query, extraTerms && extraTerms.length > 0 ? createVocabulary(extraTerms, vocabulary) : vocabulary, now);
}
