import type { ConnectorFactoryInfo, ConnectorType } from '#schemas/connector.ts';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';

/** A card of the picker: one factory, or the factories of one provider on several platforms. */
export type FactoryChoice = { key: string; factories: ConnectorFactoryInfo[] };

/**
 * The factories the picker offers for `type` (connectors.md §2): no demo factory, no SAML one (it belongs to Enterprise
 * SSO), no non-standard social factory already added; a provider's platforms share one card. Standard factories are
 * their own section.
 */
export function factoryChoices(factories: ConnectorFactoryInfo[], connectors: ConsoleConnector[], type: ConnectorType) {
  const added = new Set(connectors.map((connector) => connector.connectorId));
  const offered = factories.filter(
    (factory) => factory.type === type && !factory.isDemo && !/saml/i.test(factory.id) && (factory.isStandard || type !== 'Social' || !added.has(factory.id)),
  );
  const group = (list: ConnectorFactoryInfo[]) => {
    const choices = new Map<string, FactoryChoice>();
    for (const factory of list) {
      const key = factory.isStandard ? factory.id : factory.target || factory.id;
      const choice = choices.get(key) ?? { key, factories: [] };
      choice.factories.push(factory);
      choices.set(key, choice);
    }
    return [...choices.values()];
  };
  return { providers: group(offered.filter((factory) => !factory.isStandard)), standard: group(offered.filter((factory) => factory.isStandard)) };
}
