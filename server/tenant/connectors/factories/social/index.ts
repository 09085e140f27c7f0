import type { ConnectorFactory } from '../../factory.ts';
import { demoSocialFactory } from './demo.ts';
import { oauth2Factory } from './oauth2.ts';
import { oidcFactory } from './oidc.ts';
import { appleFactory, githubFactory, googleFactory, microsoftFactory } from './presets.ts';

/** The social factories: demo, standard OpenID Connect and OAuth 2.0, and their presets (connectors.md §6). */
export const socialFactories: ConnectorFactory[] = [demoSocialFactory, oidcFactory, oauth2Factory, googleFactory, githubFactory, microsoftFactory, appleFactory];
