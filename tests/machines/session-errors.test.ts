import { describe, expect, it } from 'vitest';
import { isAuthError, toSessionError } from '#machines/session.machine.ts';

const named = (name: string, code: string, extra: object = {}) => Object.assign(new Error(code), { name, code }, extra);

describe('isAuthError (spec 01 §8: these errors start a new sign-in)', () => {
  it.each([
    ['HTTP 401 (fetch-style status)', { status: 401 }],
    ['HTTP 401 (ofetch statusCode)', { statusCode: 401 }],
    ['HTTP 401 (response)', { response: { status: 401 } }],
    ['OIDC invalid_grant as a request error code', named('LogtoRequestError', 'invalid_grant')],
    ['OIDC invalid_target with the oidc. prefix', named('LogtoRequestError', 'oidc.invalid_target')],
    ['OIDC invalid_grant as an OAuth error body in the SDK error data', named('LogtoError', 'unexpected_response_error', { data: { error: 'invalid_grant' } })],
    ['OIDC error object', { name: 'OidcError', error: 'invalid_target' }],
    ['sign-in session missing', named('LogtoClientError', 'sign_in_session.not_found')],
    ['sign-in session invalid', named('LogtoClientError', 'sign_in_session.invalid')],
    ['not authenticated', named('LogtoClientError', 'not_authenticated')],
    ['callback state mismatch', named('LogtoError', 'callback_uri_verification.state_mismatched')],
    ['invalid ID token', named('LogtoError', 'id_token.invalid_token')],
  ])('%s', (_name, error) => {
    expect(isAuthError(error)).toBe(true);
  });

  it.each([
    ['HTTP 403', { status: 403 }],
    ['HTTP 500', { status: 500 }],
    ['network failure', new TypeError('Failed to fetch')],
    ['an aborted request', new DOMException('The operation was aborted.', 'AbortError')],
    ['a token refresh answered with a server error (OAuth error body in the SDK error data)', named('LogtoError', 'unexpected_response_error', { data: { error: 'server_error' } })],
    ['a rate-limited token refresh', named('LogtoRequestError', 'rate_limited')],
    ['other OIDC error', named('LogtoRequestError', 'invalid_request')],
    ['user cancelled', named('LogtoClientError', 'user_cancelled')],
    ['crypto unavailable', named('LogtoError', 'crypto_subtle_unavailable')],
    ['nothing', undefined],
    [
      'an invalid_target the authorization server returned to the callback (it would come back on every sign-in)',
      named('LogtoError', 'callback_uri_verification.error_found', { data: { name: 'OidcError', error: 'invalid_target' } }),
    ],
  ])('%s is not one', (_name, error) => {
    expect(isAuthError(error)).toBe(false);
  });
});

describe('toSessionError', () => {
  it('keeps the code and message of SDK and server errors', () => {
    expect(toSessionError(named('LogtoRequestError', 'invalid_request', { message: 'missing client_id' }))).toEqual({
      code: 'invalid_request',
      message: 'missing client_id',
    });
  });

  it('reads OAuth error objects', () => {
    expect(toSessionError({ error: 'access_denied', errorDescription: 'The user denied access' })).toEqual({
      code: 'access_denied',
      message: 'The user denied access',
    });
  });

  it('falls back to the message, the string, or "unknown error"', () => {
    expect(toSessionError(new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to fetch' });
    expect(toSessionError('boom')).toEqual({ message: 'boom' });
    expect(toSessionError({})).toEqual({ message: 'unknown error' });
  });
});
