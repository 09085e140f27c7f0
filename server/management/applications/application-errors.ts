import { answering, type RefusalMessages } from '#server/api/errors.ts';
import type { ApplicationRefusal } from '#server/tenant/applications/domain.ts';
import { notExistsMessage } from '../errors.ts';

/** How the applications routes answer what the applications' domain refuses. */
const applicationMessages: RefusalMessages<ApplicationRefusal | { reason: 'application.invalid_role_type' }> = {
  'entity.not_exists_with_id': notExistsMessage,
  'application.invalid_third_party_application_type': 'A third-party application is a native, single-page or traditional web application.',
  'application.secrets_not_supported': 'Only traditional web and machine-to-machine applications have secrets.',
  'application.secret_name_exists': 'A secret with this name already exists.',
  'application.invalid_type': 'Only machine-to-machine applications have roles.',
  'application.sign_in_experience_not_found': 'The application has no sign-in experience of its own.',
  'application.invalid_role_type': 'Only machine-to-machine roles can be given to applications.',
};

export const answer = answering(applicationMessages);
