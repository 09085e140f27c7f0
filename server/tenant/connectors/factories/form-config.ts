import type { ConfigFieldProblems, ConfigProblem } from '#schemas/connector-config-problems.ts';
import type { FormItem } from '#schemas/connector.ts';
import type { ConfigCheck } from '../factory.ts';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Why a value does not fit its form item's type (connectors.md §4.2), or undefined. */
const typeError = (item: FormItem, value: unknown): ConfigProblem | undefined => {
  switch (item.type) {
    case 'Text':
    case 'MultilineText':
      return typeof value === 'string' ? undefined : 'text';
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'number';
    case 'Switch':
      return typeof value === 'boolean' ? undefined : 'boolean';
    case 'Select':
      return item.selectItems?.some((option) => option.value === value) ? undefined : 'choice';
    case 'MultiSelect':
      return Array.isArray(value) && value.every((entry) => item.selectItems?.some((option) => option.value === entry)) ? undefined : 'choices';
    case 'Json':
      return undefined;
  }
};

/** A shown item: one whose show conditions all hold (a hidden item is neither required nor checked). */
const shown = (item: FormItem, config: Record<string, unknown>) =>
  (item.showConditions ?? []).every((condition) => config[condition.targetKey] === condition.expectValue);

/**
 * Checks a config against a factory's form items: defaults filled in, required values present, each of its type; then
 * the factory's own `rules` (field → problem). Keys the form does not know are kept.
 */
export const checkFormConfig = (
  formItems: readonly FormItem[],
  input: Record<string, unknown>,
  rules: (config: Record<string, unknown>) => Record<string, ConfigProblem | undefined> = () => ({}),
): ConfigCheck => {
  const config = { ...input };
  for (const item of formItems) if (isEmpty(config[item.key]) && item.defaultValue !== undefined) config[item.key] = item.defaultValue;
  const fields: ConfigFieldProblems = {};
  for (const item of formItems) {
    if (!shown(item, config)) continue;
    const value = config[item.key];
    const missing = item.type === 'MultiSelect' ? !Array.isArray(value) || value.length === 0 : isEmpty(value);
    if (missing) {
      if (item.required && item.type !== 'Switch') fields[item.key] = 'required';
      continue;
    }
    const error = typeError(item, value);
    if (error) fields[item.key] = error;
  }
  for (const [key, problem] of Object.entries(rules(config))) if (problem && !fields[key]) fields[key] = problem;
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, config };
};

/** A string value of a checked config, or undefined when empty. */
export const text = (config: Record<string, unknown>, key: string) => {
  const value = config[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** Whether a text contains a URL (a scheme, `www.`, or a host name with a top-level domain). */
export const containsUrl = (value: string) => /[a-z][a-z\d+.-]*:\/\/|\bwww\.|\b[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}\b/i.test(value);

/** Spec 02 §5: an e-mail template's sender name and company information must not contain URLs. */
export const senderRules = (config: Record<string, unknown>, senderNameKey: string, companyKey?: string): Record<string, ConfigProblem | undefined> => ({
  [senderNameKey]: containsUrl(text(config, senderNameKey) ?? '') ? 'sender_name_url' : undefined,
  ...(companyKey ? { [companyKey]: containsUrl(text(config, companyKey) ?? '') ? 'company_information_url' : undefined } : {}),
});
