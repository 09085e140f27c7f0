import type { ConnectorType } from '#schemas/connector.ts';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';

/** A row of the connectors list: the e-mail or SMS slot (set or not), or a social target with its platform connectors. */
export type ConnectorRow = { key: string; type: ConnectorType; connectors: ConsoleConnector[] };

/** The list holds a few rows; beyond this many social targets, a name filter shows (connectors.md §1). */
export const socialFilterThreshold = 10;

/** Always two rows: the e-mail and the SMS connector, each possibly unset. */
export const passwordlessRows = (connectors: ConsoleConnector[]): ConnectorRow[] =>
  (['Email', 'Sms'] as const).map((type) => ({ key: type, type, connectors: connectors.filter((connector) => connector.type === type) }));

/** One row per social target, in the order they were first added; its Web and Native connectors together. */
export function socialRows(connectors: ConsoleConnector[]): ConnectorRow[] {
  const rows = new Map<string, ConnectorRow>();
  for (const connector of [...connectors].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (connector.type !== 'Social') continue;
    const row = rows.get(connector.target) ?? { key: connector.target, type: 'Social', connectors: [] };
    row.connectors.push(connector);
    rows.set(connector.target, row);
  }
  return [...rows.values()];
}
