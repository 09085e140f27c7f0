import { connectorErrorStatuses, type ConnectorErrorCode } from '#schemas/connector.ts';
import { answering, type RefusalMessages } from '#server/api/errors.ts';
import type { ConnectorRefusal } from '#server/tenant/connectors/domain.ts';

/** What a factory's error says when the provider gave no words of its own. */
const failureMessages: Record<ConnectorErrorCode, string> = {
  general: 'The connector failed.',
  invalid_metadata: 'Only a standard connector has its own target, name and logos.',
  invalid_config_guard: 'The config does not fit the connector.',
  invalid_config: 'The provider refused the config.',
  invalid_certificate: 'The certificate is not valid.',
  invalid_request_parameters: 'The provider refused the request.',
  insufficient_request_parameters: 'The request lacks parameters the provider needs.',
  invalid_response: 'The provider answered something the connector cannot read.',
  template_not_found: 'The connector has no template for this usage.',
  template_not_supported: 'The connector does not support this template.',
  unexpected_type: 'This connector cannot do that.',
  social_auth_code_invalid: 'The provider refused the authorization code.',
  social_invalid_access_token: 'The provider refused the access token.',
  social_invalid_id_token: 'The ID token is not valid.',
  authorization_failed: 'The provider refused the sign-in.',
  rate_limit_exceeded: 'The provider is throttling requests; try again later.',
  not_implemented: 'This connector cannot do that.',
};

type Failure = Extract<ConnectorRefusal, { message?: string }>;
const withProviderWords = (fallback: string) => (refusal: Failure) => refusal.message ?? fallback;

/** How the connectors routes answer what the connectors' domain (and the factories) refuse. */
const connectorMessages = {
  ...Object.fromEntries(
    (Object.keys(connectorErrorStatuses) as ConnectorErrorCode[]).map((code) => [`connector.${code}`, withProviderWords(failureMessages[code])]),
  ),
  'connector.not_found': ({ details }: { details: { id: string } }) => `The tenant has no connector ${details.id}.`,
  'connector.not_found_with_connector_id': ({ details }: { details: { id: string } }) => `The server has no connector factory ${details.id}.`,
  'connector.multiple_target_with_same_platform': ({ details }: { details: { connectorName: string } }) =>
    `The connector ${details.connectorName} already has this target on this platform.`,
  'connector.invalid_config_guard': ({ details }: { details: Array<{ path: string; message: string }> }) =>
    `The config does not fit the connector: ${details.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
  'connector.should_specify_target': 'A standard connector needs a target (metadata.target).',
  'connector.can_not_modify_target': "A connector's target cannot change.",
  'connector.invalid_type_for_syncing_profile': 'Only a social connector syncs the profile.',
  'connector.multiple_instances_not_supported': 'This social connector can be added once.',
  'connector.in_use_by_sign_in_experience': ({ details }: { details: { type: string } }) =>
    `The sign-in experience sends codes through the ${details.type === 'Email' ? 'e-mail' : 'SMS'} connector: change its sign-up, sign-in and MFA settings first.`,
} as unknown as RefusalMessages<ConnectorRefusal>;

export const answer = answering(connectorMessages);

/** The errors a route that builds or runs a connector may answer: every connector code. */
export const connectorFailureCodes = (Object.keys(connectorErrorStatuses) as ConnectorErrorCode[]).map((code) => `connector.${code}` as const);
