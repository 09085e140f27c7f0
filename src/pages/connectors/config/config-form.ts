import * as z from 'zod/mini';
import type { FormItem } from '#schemas/connector.ts';
import { isConfigProblem, type ConfigProblem } from '#schemas/connector-config-problems.ts';
import { ApiError } from '#src/api/errors.ts';

/**
 * The config form of a connector (connectors.md §4.2), as values a form holds: one per form item, keyed by the item's
 * key. A JSON item holds its text. A factory without form items gets one JSON editor (`jsonKey`) of the whole config.
 */
export type ConfigValues = Record<string, unknown>;
export const jsonKey = '__config';

/** The items a factory without form items shows: one JSON editor. */
export const formItemsOf = (items: FormItem[] | undefined): FormItem[] =>
  items ?? [{ key: jsonKey, label: '', type: 'Json', required: true }];

/**
 * An item with its texts in the console's language (the server's `translations`): that language, else its base
 * language's, else the item's own English; a select title the language lacks stays English.
 */
export const itemInLanguage = (item: FormItem, locale: string): FormItem => {
  const texts = item.translations?.[locale] ?? item.translations?.[locale.split('-')[0] ?? ''];
  if (!texts) return item;
  return {
    ...item,
    label: texts.label ?? item.label,
    placeholder: texts.placeholder ?? item.placeholder,
    description: texts.description ?? item.description,
    tooltip: texts.tooltip ?? item.tooltip,
    selectItems: item.selectItems?.map((choice) => ({ ...choice, title: texts.selectItems?.[choice.value] ?? choice.title })),
  };
};

const json = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

const emptyOf = (item: FormItem): unknown => {
  if (item.type === 'Switch') return false;
  if (item.type === 'MultiSelect') return [];
  if (item.type === 'Number') return '';
  return '';
};

const formValueOf = (item: FormItem, value: unknown): unknown => {
  if (value === undefined || value === null) return item.defaultValue === undefined ? emptyOf(item) : formValueOf(item, item.defaultValue);
  if (item.type === 'Json') return typeof value === 'string' ? value : json(value);
  return value;
};

/**
 * The form's values from the stored config (or, for a new connector, the items' defaults). A confidential value the
 * server does not answer (`null`) starts empty: left so, the stored value is kept.
 */
export function configValuesOf(items: FormItem[] | undefined, stored: Record<string, unknown> = {}, template?: string): ConfigValues {
  if (!items) return { [jsonKey]: Object.keys(stored).length ? json(stored) : (template ?? '{}') };
  return Object.fromEntries(items.map((item) => [item.key, formValueOf(item, stored[item.key])]));
}

/** An item shows only when every other field it depends on holds the expected value. */
export const isShown = (item: FormItem, values: ConfigValues) =>
  (item.showConditions ?? []).every(({ targetKey, expectValue }) => values[targetKey] === expectValue);

export type ConfigMessages = { required: string; number: string; json: string; atLeastOne: string };

const parseJson = (text: unknown): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(String(text)) };
  } catch {
    return { ok: false };
  }
};

const isBlank = (value: unknown) => value === '' || value === undefined || value === null;

/** The error of each shown field, by key; a confidential field left empty on a saved connector keeps its value. */
export function validateConfig(items: FormItem[], values: ConfigValues, messages: ConfigMessages, kept: ReadonlySet<string> = new Set()) {
  const errors: Record<string, string> = {};
  for (const item of items) {
    const value = values[item.key];
    if (!isShown(item, values) || item.type === 'Switch') continue;
    if (item.type === 'Json') {
      if (isBlank(value) ? item.required : !parseJson(value).ok) errors[item.key] = isBlank(value) ? messages.required : messages.json;
    } else if (item.type === 'MultiSelect') {
      if (item.required && !(Array.isArray(value) && value.length)) errors[item.key] = messages.atLeastOne;
    } else if (isBlank(value)) {
      if (item.required && !kept.has(item.key)) errors[item.key] = messages.required;
    } else if (item.type === 'Number' && !Number.isFinite(Number(value))) errors[item.key] = messages.number;
  }
  return errors;
}

/** Confidential keys the server keeps (answered `null`): their fields may stay empty. */
export const keptSecrets = (items: FormItem[] | undefined, stored: Record<string, unknown> = {}) =>
  new Set((items ?? []).filter((item) => item.isConfidential && item.key in stored && stored[item.key] === null).map((item) => item.key));

/**
 * The config to send: the form's shown fields merged over the stored config, so keys the form does not know survive.
 * Hidden fields and empty optional ones are not sent, nor a kept secret left empty (the server keeps it); a number is
 * sent as a number and a JSON field as what it parses to. Call after `validateConfig` found nothing.
 */
export function configPayload(items: FormItem[] | undefined, values: ConfigValues, stored: Record<string, unknown> = {}): Record<string, unknown> {
  if (!items) {
    const parsed = parseJson(values[jsonKey]);
    return parsed.ok && parsed.value && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : {};
  }
  const config: Record<string, unknown> = Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== null));
  for (const item of items) {
    const value = values[item.key];
    delete config[item.key];
    if (!isShown(item, values)) continue;
    if (item.type === 'Switch') config[item.key] = Boolean(value);
    else if (item.type === 'MultiSelect') config[item.key] = Array.isArray(value) ? value : [];
    else if (isBlank(value)) continue;
    else if (item.type === 'Number') config[item.key] = Number(value);
    else if (item.type === 'Json') config[item.key] = (parseJson(value) as { value: unknown }).value;
    else config[item.key] = value;
  }
  return config;
}

const guardDetailsGuard = z.array(
  z.object({
    path: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
    message: z.string(),
    params: z.optional(z.object({ problem: z.optional(z.unknown()) })),
  }),
);

/**
 * A 400 `connector.invalid_config_guard` on the fields it names: each detail's path (`host`, `config.port`,
 * `["templates", 0]`) goes to the item of its first key, with the text of its problem (`params.problem`) in the
 * admin's language, else the server's message; undefined when no detail names a field of the form.
 */
export function configFieldErrors(error: unknown, items: FormItem[] | undefined, texts: Record<ConfigProblem, string>): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.code !== 'connector.invalid_config_guard') return undefined;
  const details = guardDetailsGuard.safeParse(error.body?.details);
  if (!details.success) return items ? undefined : { [jsonKey]: error.message };
  const keys = new Set(formItemsOf(items).map((item) => item.key));
  const errors: Record<string, string> = {};
  for (const { path, message, params } of details.data) {
    const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((part) => part !== 'config');
    const key = items ? parts[0] : jsonKey;
    if (key !== undefined && keys.has(key)) errors[key] ??= isConfigProblem(params?.problem) ? texts[params.problem] : message;
  }
  return Object.keys(errors).length ? errors : undefined;
}
