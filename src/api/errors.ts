import { t } from '@lingui/core/macro';
import { HttpError } from './http.ts';
import { errorBodyGuard, insufficientPermissionsMessage, requestIdHeader, type ErrorBody } from '#schemas/error.ts';
import type { ErrorCode } from '#schemas/error-codes.ts';

/** A failed request: the HTTP status (absent for network errors and timeouts) and the server's error body if readable. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly body: ErrorBody | undefined;
  /** The server's request id of the failed response, for support. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    status: number | undefined,
    body: ErrorBody | undefined,
    options?: ErrorOptions & { requestId?: string },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.requestId = options?.requestId;
  }

  get code() {
    return this.body?.code;
  }
}

const statusMessages = (): Record<number, string> => ({
  400: t`Bad request`,
  401: t`Unauthorized`,
  403: t`Forbidden`,
  404: t`Not found`,
  408: t`Request timeout`,
  409: t`Conflict`,
  413: t`Payload too large`,
  422: t`Unprocessable entity`,
  429: t`Too many requests`,
  500: t`Internal server error`,
  502: t`Bad gateway`,
  503: t`Service unavailable`,
  504: t`Gateway timeout`,
});

/** The message shown when the body could not be read: the status name, else 'unknown server error'. */
export const fallbackMessage = (status: number | undefined) =>
  (status === undefined ? undefined : statusMessages()[status]) ?? t`unknown server error`;

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const parsed = errorBodyGuard.safeParse(error.data);
    const body = parsed.success ? parsed.data : undefined;
    const requestId = error.response?.headers.get(requestIdHeader) ?? undefined;
    return new ApiError(body?.message ?? fallbackMessage(error.status), error.status, body, { cause: error, requestId });
  }
  return new ApiError(error instanceof Error ? error.message : fallbackMessage(undefined), undefined, undefined, { cause: error });
}

/** How a failure is shown; the console's implementation uses Mantine notifications and modals. */
export type ErrorFeedback = {
  toastError: (message: string, details?: string) => void;
  /** An alert with a single 'Got it' button; resolves when dismissed. */
  alert: (message: string) => Promise<void>;
};

/** What a failure does to the session. */
export type SessionPort = {
  /** 401: sign in again. */
  authError: () => void;
  signOut: () => void;
};

export type ErrorHandling = {
  /** Codes the caller handles itself: no toast for them. */
  suppressErrorCodes?: readonly ErrorCode[];
  /** The caller shows every failure itself: no error toast at all (401 and the sign-out cases still apply). */
  hideErrorToast?: boolean;
};

/** One problem of the server's details, as `guard.invalid_input` lists them: the field's path and what is wrong with it. */
const isIssue = (value: unknown): value is { path?: unknown; message: string } =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * The server's details as lines of text: a list of problems as "path: message", other values by key; nested values
 * are written compactly. Shown only behind the toast's disclosure.
 */
export const detailsText = (details: unknown): string | undefined => {
  if (details === undefined || details === null) return undefined;
  if (typeof details === 'string') return details;
  if (Array.isArray(details) && details.every(isIssue)) {
    return details.map(({ path, message }) => (typeof path === 'string' && path ? `${path}: ${message}` : message)).join('\n');
  }
  if (typeof details === 'object' && !Array.isArray(details)) {
    return Object.entries(details)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join('\n');
  }
  return JSON.stringify(details);
};

/** Failures already shown or acted on (a toast, a sign-in, a sign-out): the kit does not show them again. */
const reported = new WeakSet<ApiError>();
export const markReported = (error: ApiError) => void reported.add(error);
export const wasReported = (error: unknown) => error instanceof ApiError && reported.has(error);

/** The error catalogue of the spec, in one place. */
export async function reportApiError(
  error: ApiError,
  { feedback, session }: { feedback: ErrorFeedback; session: SessionPort },
  { suppressErrorCodes = [], hideErrorToast = false }: ErrorHandling = {},
) {
  const { status, body } = error;
  if (status === 401) {
    markReported(error);
    session.authError();
    return;
  }
  if (status === 403 && body?.message === insufficientPermissionsMessage) {
    markReported(error);
    session.signOut();
    return;
  }
  if (body?.code === ('auth.forbidden' satisfies ErrorCode)) {
    markReported(error);
    await feedback.alert(body.message);
    session.signOut();
    return;
  }
  if (hideErrorToast || (body?.code && (suppressErrorCodes as readonly string[]).includes(body.code))) return;
  markReported(error);
  if (body) {
    feedback.toastError(body.message, detailsText(body.details));
    return;
  }
  feedback.toastError(error.message);
}
