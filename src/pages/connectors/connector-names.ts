import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { ConnectorType } from '#schemas/connector.ts';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';

/** A text the server gives by language: the console's language, else its base language, else English. */
export const localized = (byLanguage: Record<string, string> | undefined, locale: string) =>
  byLanguage?.[locale] ?? byLanguage?.[locale.split('-')[0] ?? ''] ?? byLanguage?.en ?? Object.values(byLanguage ?? {})[0] ?? '';

/** A connector's name: a standard connector's own (its metadata), else its factory's. */
export const connectorName = (connector: ConsoleConnector, locale: string) =>
  localized(connector.metadata.name && Object.keys(connector.metadata.name).length ? connector.metadata.name : connector.name, locale);

export const typeNames = { Email: msg`E-mail`, Sms: msg`SMS`, Social: msg`Social` } satisfies Record<ConnectorType, unknown>;

/** The Type column and tag: a standard connector's factory name, else E-mail, SMS or Social. */
export const connectorTypeLabel = (connector: ConsoleConnector, i18n: I18n) =>
  connector.isStandard ? localized(connector.name, i18n.locale) : i18n._(typeNames[connector.type]);

/** The tabs of the connectors page and the connector types each creates. */
export const connectorTabOf = (type: ConnectorType) => (type === 'Social' ? 'social' : 'passwordless');
export const isCreateType = (value: string): value is ConnectorType => value === 'Email' || value === 'Sms' || value === 'Social';
