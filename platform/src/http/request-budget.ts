import { DomainError } from '@nq/contracts';
import type { EphemeralStore } from '../ephemeral/ephemeral-store-port.ts';

/** Where a caller stands in its budget of requests per window, as the RateLimit headers tell it. */
export interface RequestBudget {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Spends one request of `key`'s budget of `limit` per window (a fixed window in the ephemeral store, shared by every
 * API process). Past it: `request.tooMany` (429), its details telling the limit and the seconds to wait.
 */
export async function spendRequestBudget(
  ephemeral: EphemeralStore,
  key: string,
  limit: number,
  windowMs = 60_000,
): Promise<RequestBudget> {
  const { count, resetInMs } = await ephemeral.increment(key, windowMs);
  const budget = {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.ceil(resetInMs / 1000),
    windowSeconds: Math.round(windowMs / 1000),
  };
  if (count > limit)
    throw new DomainError('request.tooMany', {
      details: { limitPerMinute: limit, retryAfterSeconds: budget.resetSeconds, budget },
    });
  return budget;
}

/** The RateLimit headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers, the `RateLimit-*` fields). */
export const rateLimitHeaders = (budget: RequestBudget): Record<string, string> => ({
  'ratelimit-limit': String(budget.limit),
  'ratelimit-remaining': String(budget.remaining),
  'ratelimit-reset': String(budget.resetSeconds),
  'ratelimit-policy': `${budget.limit};w=${budget.windowSeconds}`,
});
