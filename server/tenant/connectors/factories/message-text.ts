import { templateUsageTypes, type TemplateUsage } from '#schemas/connector.ts';
import type { ConnectorMessage } from '../factory.ts';
import { defaultTemplate, fillTemplate, textsLocale } from '../catalogue/index.ts';

/** A template an admin wrote over a default one: for a usage, in one language or (without `locale`) in all of them. */
export type TemplateOverride = { usageType: TemplateUsage; locale?: string; subject?: string; content: string };

/** Why a `templates` config value is not a list of overrides, or undefined. */
export const templatesError = (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  const valid =
    Array.isArray(value) &&
    value.every(
      (entry: Record<string, unknown>) =>
        typeof entry === 'object' &&
        entry !== null &&
        (templateUsageTypes as readonly unknown[]).includes(entry.usageType) &&
        typeof entry.content === 'string' &&
        (entry.subject === undefined || typeof entry.subject === 'string') &&
        (entry.locale === undefined || typeof entry.locale === 'string'),
    );
  return valid ? undefined : ('templates' as const);
};

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * The subject and text of a message: the admin's template for its usage (in its language first, then one for every
 * language), else the built-in one in the message's language; with the company information under it.
 */
export const messageText = (message: ConnectorMessage, overrides: readonly TemplateOverride[] = [], companyInformation?: string) => {
  const locale = textsLocale(message.locale);
  const own =
    overrides.find((entry) => entry.usageType === message.usage && entry.locale !== undefined && textsLocale(entry.locale) === locale) ??
    overrides.find((entry) => entry.usageType === message.usage && entry.locale === undefined);
  const builtIn = defaultTemplate(message.usage, locale);
  const subject = fillTemplate(own?.subject ?? builtIn.subject, message);
  const body = fillTemplate(own?.content ?? builtIn.text, message);
  const text = companyInformation ? `${body}\n\n${companyInformation}` : body;
  const html = text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('');
  return { subject, text, html };
};
