/**
 * Reading the failures a flow's effects reject with, without importing the app's classes: an Error, or the request
 * client's ApiError (status, body `{ code, message, details }`, requestId; src/api/errors.ts). Also `provided`, the
 * stand-in for an effect the app provides.
 */

/** A field of an unknown value, or undefined. */
export const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The implementation of an actor the app provides (`machine.provide`); running the bare machine fails loudly. */
export const provided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the app`);
};

/** The message of a failure, for the error state of a flow. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The HTTP status of a failed request. */
export const statusOf = (error: unknown) => field(error, 'status');

/** The server's error code (`body.code`). */
export const codeOf = (error: unknown) => stringOf(field(field(error, 'body'), 'code'));

/** The server's error details (`body.details`). */
export const detailsOf = (error: unknown) => field(field(error, 'body'), 'details');

/** The request id of the failed response, for support. */
export const requestIdOf = (error: unknown) => stringOf(field(error, 'requestId'));

/** The error of an actor's error event, for an action's params. */
export const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
