import type { ConnectorResponse, ConnectorUsage } from '#schemas/connector.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { socialCallbackUri } from './callback-uri.ts';
import type { ConnectorFactory } from './factory.ts';
import { answeredConfig } from './sealed-config.ts';
import type { ConnectorRow } from './store.ts';

const codeUsers = { Email: { identifier: 'email', factor: 'EmailVerificationCode' }, Sms: { identifier: 'phone', factor: 'PhoneVerificationCode' } } as const;

/**
 * What the sign-in experience uses a connector for (connectors.md §8, "used by"): an e-mail or SMS connector sends the
 * codes of a verified sign-up, of a code sign-in method and of an MFA factor; a social connector is a button.
 */
export const usagesOf = (row: Pick<ConnectorRow, 'type' | 'target'>, settings: SignInExperienceSettings): ConnectorUsage[] => {
  if (row.type === 'Social') return settings.socialSignInConnectorTargets.includes(row.target) ? ['socialSignIn'] : [];
  const { identifier, factor } = codeUsers[row.type];
  const signUpIdentifiers = [...settings.signUp.identifiers, ...(settings.signUp.secondaryIdentifiers ?? [])];
  return [
    ...(settings.signUp.verify && signUpIdentifiers.includes(identifier) ? (['signUp'] as const) : []),
    ...(settings.signIn.methods.some((method) => method.identifier === identifier && method.verificationCode) ? (['signIn'] as const) : []),
    ...(settings.mfa.factors.includes(factor) ? (['mfa'] as const) : []),
  ];
};

/** A connector as the management API answers it (connectors.md §0): the row, its factory's facts, no confidential value. */
export const connectorResponse = (row: ConnectorRow, factory: ConnectorFactory, settings: SignInExperienceSettings, publicUrl: string): ConnectorResponse => {
  const { info } = factory;
  return {
    id: row.id,
    connectorId: row.connectorId,
    type: row.type,
    target: row.target,
    platform: row.platform,
    isStandard: info.isStandard,
    isDemo: info.isDemo,
    name: row.metadata.name ?? info.name,
    logo: row.metadata.logo ?? info.logo,
    logoDark: row.metadata.logoDark === undefined ? info.logoDark : row.metadata.logoDark,
    readme: info.readme,
    ...(info.formItems ? { formItems: info.formItems } : {}),
    syncProfile: row.syncProfile,
    config: answeredConfig(row),
    metadata: row.metadata,
    ...(row.type === 'Social' ? { callbackUri: socialCallbackUri(publicUrl, row.tenantId, row.id) } : {}),
    createdAt: row.createdAt.toISOString(),
    usedBy: usagesOf(row, settings),
  };
};
