import { msg } from '@lingui/core/macro';
import type { HookEventGroup } from '#schemas/webhook.ts';

/** The create form's event groups (webhooks.md §2); the events themselves show as the API names them. */
export const eventGroupNames = {
  User: msg`User`,
  Role: msg`Role`,
  Scope: msg`Permission`,
  Organization: msg`Organization`,
  OrganizationRole: msg`Organization role`,
  OrganizationScope: msg`Organization permission`,
  Interaction: msg`Sign-in flow`,
} as const satisfies Record<HookEventGroup, unknown>;
