import { describe, expect, test, vi } from 'vitest';
import { recoverToken } from '#src/auth/token-recovery.ts';

/** What the sign-in client throws (see machines/session-errors.ts for how each one reads). */
const aborted = new TypeError('Failed to fetch');
const serverError = Object.assign(new Error('Unexpected response error from the server.'), {
  name: 'LogtoError',
  code: 'unexpected_response_error',
  data: { error: 'server_error' },
});
const refused = Object.assign(new Error('Unexpected response error from the server.'), {
  name: 'LogtoError',
  code: 'unexpected_response_error',
  data: { error: 'invalid_grant', error_description: 'grant request is invalid' },
});
const notSignedIn = Object.assign(new Error('Not authenticated.'), { name: 'LogtoClientError', code: 'not_authenticated' });

/**
 * A sign-in client whose refresh answers `outcomes` in turn (an error is thrown, a string is the token), each with the
 * refresh token stored when it is tried; `rotations` maps a try to the refresh token stored once it has failed.
 */
function signInClient(outcomes: Array<string | Error>, rotations: Record<number, string | null> = {}) {
  let stored: string | null = 'rt-1';
  const sent: Array<string | null> = [];
  const waits: number[] = [];
  const fetchToken = async () => {
    const outcome = outcomes[sent.length];
    sent.push(stored);
    if (sent.length - 1 in rotations) stored = rotations[sent.length - 1] ?? null;
    if (outcome === undefined) throw new Error('no more outcomes');
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  const recover = () =>
    recoverToken(fetchToken, async () => stored, {
      delay: (attempt) => {
        waits.push(attempt);
        return 0;
      },
    });
  return { recover, sent, waits };
}

describe('a refresh that failed without a refusal is tried again, never ends the sign-in', () => {
  test.each([
    ['aborted (a navigation, the network)', aborted],
    ['answered with a server error', serverError],
  ])('%s: tried again after a pause, and its token returned', async (_, failure) => {
    const client = signInClient([failure, 'access-token']);
    await expect(client.recover()).resolves.toBe('access-token');
    expect(client.sent).toEqual(['rt-1', 'rt-1']);
    expect(client.waits).toEqual([0]);
  });

  test('pauses longer each time, and after two more tries throws the last failure as it is', async () => {
    const client = signInClient([aborted, serverError, aborted]);
    await expect(client.recover()).rejects.toBe(aborted);
    expect(client.sent).toHaveLength(3);
    expect(client.waits).toEqual([0, 1]);
  });

  test('by default it pauses half a second, then a second', async () => {
    vi.useFakeTimers();
    try {
      const tried: number[] = [];
      const recovered = recoverToken(async () => {
        tried.push(Date.now());
        if (tried.length < 3) throw aborted;
        return 'access-token';
      }, async () => 'rt-1');
      await vi.runAllTimersAsync();
      await expect(recovered).resolves.toBe('access-token');
      expect([tried[1]! - tried[0]!, tried[2]! - tried[1]!]).toEqual([500, 1000]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a refusal ends the sign-in unless the refresh token was rotated meanwhile', () => {
  test('refused with the refresh token still stored: thrown at once, not tried again', async () => {
    const client = signInClient([refused, 'access-token']);
    await expect(client.recover()).rejects.toBe(refused);
    expect(client.sent).toEqual(['rt-1']);
  });

  test('refused while another tab or request stored a rotated refresh token: tried again at once with it', async () => {
    const client = signInClient([refused, 'access-token'], { 0: 'rt-2' });
    await expect(client.recover()).resolves.toBe('access-token');
    expect(client.sent).toEqual(['rt-1', 'rt-2']);
    expect(client.waits).toEqual([]);
  });

  test('no sign-in kept any more (signed out in another tab): thrown', async () => {
    const client = signInClient([notSignedIn, 'access-token'], { 0: null });
    await expect(client.recover()).rejects.toBe(notSignedIn);
    expect(client.sent).toEqual(['rt-1']);
  });

  test('an aborted refresh, then a refusal of the same refresh token: the refusal is thrown', async () => {
    const client = signInClient([aborted, refused, 'access-token']);
    await expect(client.recover()).rejects.toBe(refused);
    expect(client.sent).toEqual(['rt-1', 'rt-1']);
  });
});
