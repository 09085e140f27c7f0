import { answering } from '#server/api/errors.ts';
import type { HookRefusal } from '#server/tenant/hooks/domain.ts';
import { notExistsMessage } from '../errors.ts';

/** How the hooks routes answer the hooks domain's refusals. */
export const answer = answering<HookRefusal | { reason: 'log.invalid_time_window' }>({
  'entity.not_exists_with_id': notExistsMessage,
  'hook.missing_events': 'A webhook needs at least one event.',
  'hook.endpoint_not_allowed': ({ message }) => message,
  'log.invalid_time_window': 'The start time is after the end time.',
});
