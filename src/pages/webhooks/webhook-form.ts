import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import {
  createHookGuard,
  defaultDevInboxName,
  hookConfigGuard,
  hookHeaderProblems,
  hookNameMaxLength,
  hookUrlMaxLength,
  maxHookHeaders,
  maxHookRetries,
  type HookEvent,
  type HookHeaderProblem,
} from '#schemas/webhook.ts';
import { schemaValidator, type FieldCodes } from '#src/ui/form/form-errors.ts';

/** A custom header as the form edits it: one row of two inputs. */
export type HeaderRow = { key: string; value: string };

/** The fields a hook's forms share (create, and the settings tab with its headers and retries). */
export type WebhookValues = { name: string; url: string; events: HookEvent[] };
export type WebhookSettingsValues = WebhookValues & { headers: HeaderRow[]; retries: number };

/** The fields' messages; the rules are the server's guards in schemas/webhook.ts. */
export const webhookFieldMessages = () => ({
  name: t`Enter a name of 1 to ${hookNameMaxLength} characters.`,
  url: t`Enter an absolute http(s) URL of at most ${hookUrlMaxLength} characters, without a user name or password.`,
  'config.url': t`Enter an absolute http(s) URL of at most ${hookUrlMaxLength} characters, without a user name or password.`,
  events: t`Choose at least one event.`,
  retries: t`Enter a number from 0 to ${maxHookRetries}.`,
});

/** Server codes that belong to one field of the webhook forms. */
export const webhookFieldCodes = (): FieldCodes => ({
  'hook.missing_events': ['events', t`Choose at least one event.`],
  'hook.endpoint_not_allowed': ['url', t`This endpoint is not allowed: it must be reachable on the public internet, over https.`],
});

const valuesGuard = z.object({
  name: createHookGuard.shape.name,
  url: hookConfigGuard.shape.url,
  events: z.array(z.string()).check(z.minLength(1)),
  retries: z.optional(hookConfigGuard.shape.retries),
});

const headerProblemMessage = (problem: HookHeaderProblem | 'missing_value' | 'missing_key') =>
  ({
    key_invalid: t`A header name is printable ASCII characters without spaces or ":".`,
    value_invalid: t`A header value is printable ASCII characters and spaces.`,
    reserved: t`Gatehouse sets this header itself.`,
    duplicate: t`This header is set twice.`,
    missing_value: t`Enter a value for this header.`,
    missing_key: t`Enter a name for this header.`,
  })[problem];

/** The rows with a name or a value: empty rows are dropped on save. */
export const filledRows = (rows: HeaderRow[]) => rows.filter(({ key, value }) => key.trim() !== '' || value !== '');

/** The headers as the API takes them; the rows must be valid (`headerErrors` empty). */
export const headersOf = (rows: HeaderRow[]): Record<string, string> => Object.fromEntries(filledRows(rows).map(({ key, value }) => [key.trim(), value]));

export const rowsOf = (headers: Record<string, string> | undefined): HeaderRow[] => Object.entries(headers ?? {}).map(([key, value]) => ({ key, value }));

/** Each row's error (`headers.{index}.key` or `.value`), by the server's header rules and the form's own (a name without a value). */
export function headerErrors(rows: HeaderRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach(({ key, value }, index) => {
    const name = key.trim();
    if (name === '' && value === '') return;
    if (name === '') errors[`headers.${index}.key`] = headerProblemMessage('missing_key');
    else if (value === '') errors[`headers.${index}.value`] = headerProblemMessage('missing_value');
    else {
      const lower = name.toLowerCase();
      // Checked one at a time, so that a second row of a name is the duplicate, not the first.
      const problem = seen.has(lower) ? 'duplicate' : hookHeaderProblems({ [name]: value })[name];
      if (problem) errors[`headers.${index}.${problem === 'value_invalid' ? 'value' : 'key'}`] = headerProblemMessage(problem);
    }
    if (name) seen.add(name.toLowerCase());
  });
  if (filledRows(rows).length > maxHookHeaders) errors.headers = t`Set at most ${maxHookHeaders} headers.`;
  return errors;
}

/** The dev inbox name made from a hook's name ("CRM sync" → crm-sync): ASCII letters and digits, else the default. */
export const devInboxNameOf = (hookName: string) =>
  hookName.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40).replace(/^-+|-+$/g, '') || defaultDevInboxName;

/** The create form's and the settings form's validation: the shared guards, and the header rows when the form has them. */
export const validateWebhook = (values: WebhookValues | WebhookSettingsValues): Record<string, string> => ({
  ...schemaValidator(valuesGuard, webhookFieldMessages())(values),
  ...('headers' in values ? headerErrors(values.headers) : {}),
});
