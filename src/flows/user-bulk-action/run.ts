import type { BulkOutcome, BulkUser } from '#machines/user-bulk-action.machine.ts';
import { messageOf } from '#machines/errors.ts';

/** How many users are written at once: enough to be quick, few enough not to flood the server. */
const concurrency = 4;

/** Applies `write` to every user, a few at a time; a failure is recorded for its user and the others go on. */
export async function eachUser(users: readonly BulkUser[], write: (user: BulkUser) => Promise<unknown>): Promise<BulkOutcome> {
  const results: Array<{ user: BulkUser; error?: unknown; failed: boolean }> = [];
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const index = next++;
      const user = users[index]!;
      try {
        await write(user);
        results[index] = { user, failed: false };
      } catch (error) {
        results[index] = { user, error, failed: true };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, users.length) }, worker));
  return {
    succeeded: results.filter((result) => !result.failed).map(({ user }) => user),
    failed: results.filter((result) => result.failed).map(({ user, error }) => ({ user, message: messageOf(error) })),
  };
}
