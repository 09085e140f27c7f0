import type { ConnectorFactory } from '../../factory.ts';

/** The social factories: demo, standard OpenID Connect and OAuth 2.0, and their presets (connectors.md §6). */
export const socialFactories: ConnectorFactory[] = [];
