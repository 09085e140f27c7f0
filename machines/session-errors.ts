/** Errors of the session flow, classified without depending on the SDK's classes (spec 01 §8). */
import { field } from './errors.ts';

export type SessionError = { code?: string; message: string };

const reauthenticatingOidcErrors = new Set(['invalid_grant', 'invalid_target']);
/** `@logto/browser` client errors raised while signing in or handling the callback. */
const signInClientErrors = new Set(['sign_in_session.invalid', 'sign_in_session.not_found', 'not_authenticated']);
const signInErrorPrefixes = ['callback_uri_verification.', 'id_token.'];
const callbackErrorCode = 'callback_uri_verification.error_found';


const oidcCode = (code: unknown) => (typeof code === 'string' ? code.replace(/^oidc\./, '') : undefined);

const isOidcReauthError = (value: unknown): boolean =>
  [field(value, 'code'), field(value, 'error')].some((code) => {
    const normalized = oidcCode(code);
    return normalized !== undefined && reauthenticatingOidcErrors.has(normalized);
  });

const httpStatus = (error: unknown): unknown =>
  field(error, 'status') ?? field(error, 'statusCode') ?? field(field(error, 'response'), 'status') ?? field(field(error, 'cause'), 'status');

const isSignInError = (error: unknown): boolean => {
  const code = field(error, 'code');
  if (typeof code !== 'string') return false;
  const name = field(error, 'name');
  if (name === 'LogtoClientError') return signInClientErrors.has(code);
  return name === 'LogtoError' && signInErrorPrefixes.some((prefix) => code.startsWith(prefix));
};

/**
 * True when the error means "sign in again": an HTTP 401, an OIDC invalid_grant or invalid_target (directly,
 * as a server error code, or inside the SDK's error data), or a sign-in error of the SDK. An error the
 * authorization server returned to the callback is not one: it goes to the error page.
 */
export function isAuthError(error: unknown): boolean {
  // The authorization server's own refusal, sent back to the callback, would be repeated by a new sign-in.
  if (field(error, 'code') === callbackErrorCode) return false;
  return (
    httpStatus(error) === 401 ||
    isOidcReauthError(error) ||
    isOidcReauthError(field(error, 'data')) ||
    isSignInError(error)
  );
}

/** The error as the session's error page shows it: a message, and a code when one is known. */
export function toSessionError(error: unknown): SessionError {
  const code = field(error, 'code') ?? field(error, 'error');
  const message = field(error, 'message') ?? field(error, 'errorDescription') ?? field(error, 'error_description');
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' && message !== '' ? message : typeof error === 'string' ? error : 'unknown error',
  };
}
