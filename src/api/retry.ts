import { ApiError } from './errors.ts';

export type RetryOptions = { retries?: number; delay?: (attempt: number) => number };

const noRetryStatuses = new Set([401, 403]);
const backoff = (attempt: number) => 500 * 2 ** attempt;

/** Data fetching retries with exponential backoff, except on 401 and 403. */
export async function withRetry<T>(run: () => Promise<T>, { retries = 2, delay = backoff }: RetryOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      if (attempt >= retries || (status !== undefined && noRetryStatuses.has(status))) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
    }
  }
}
