import type { Translation } from '#schemas/custom-phrases.ts';
import type { Messages } from './messages.ts';

/** `{name}`, `{applicationName}`, …: where a phrase for a text that names something puts the name. */
const placeholder = /\{[^{}]*\}/g;

const overlay = (builtIn: unknown, custom: string | Translation): unknown => {
  if (typeof builtIn === 'string') return typeof custom === 'string' ? custom : builtIn;
  if (typeof builtIn === 'function') {
    // A text that names something (signInToApp(name)) takes a phrase with a placeholder for the name.
    return typeof custom === 'string' ? (name: string) => custom.replaceAll(placeholder, name) : builtIn;
  }
  if (typeof builtIn !== 'object' || builtIn === null || typeof custom === 'string') return builtIn;
  const result: Record<string, unknown> = { ...builtIn };
  for (const [key, value] of Object.entries(custom)) {
    if (Object.hasOwn(builtIn, key)) result[key] = overlay((builtIn as Record<string, unknown>)[key], value);
  }
  return result;
};

/**
 * The pages' messages with a tenant's own phrases over them (sign-in-experience.md §9): a phrase replaces the text of
 * the same key, nested as the messages are (`password.too_short`); keys the pages do not have are ignored, and a phrase
 * of the wrong shape leaves the built-in text.
 */
export const withCustomPhrases = (messages: Messages, phrases: Translation | undefined): Messages =>
  phrases ? (overlay(messages, phrases) as Messages) : messages;

/** Where a built-in text that names something shows the name, as a phrase for it may too. */
export const namePlaceholder = '{name}';

/**
 * The pages' built-in text as phrases (what a tenant's custom phrases replace, key by key): a text that names something
 * with `{name}` where the name goes.
 */
export const builtInPhrases = (messages: Messages): Translation => {
  const walk = (value: object): Translation =>
    Object.fromEntries(
      Object.entries(value).map(([key, item]: [string, unknown]) => [
        key,
        typeof item === 'function' ? String(item(namePlaceholder)) : typeof item === 'object' && item !== null ? walk(item) : String(item),
      ]),
    );
  return walk(messages);
};
