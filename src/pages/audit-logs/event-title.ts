import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LogPayload } from '#schemas/log.ts';
import { logTitle } from './log-titles.ts';

type TitledLog = { key: string; payload: LogPayload };

/** The name a creation or a deletion logged for its entity (its `name` field's new or old value). */
function nameOf({ key, payload }: TitledLog) {
  if (!key.endsWith('.Created') && !key.endsWith('.Deleted')) return undefined;
  const name = payload.changes?.name;
  const value = key.endsWith('.Created') ? name?.to : name?.from;
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * A log's title as its row and its page show it: the catalogue title, made as specific as the payload allows (whether a
 * user was suspended or reactivated, what part of an app changed, the name of what was created or deleted). Undefined
 * for a key outside the catalogue.
 */
export function eventTitle(i18n: I18n, log: TitledLog): string | undefined {
  const title = logTitle(i18n, log.key);
  if (!title) return undefined;
  const { key, payload } = log;
  if (key === 'Management.User.SuspensionUpdated') {
    const suspended = payload.changes?.isSuspended?.to;
    if (typeof suspended === 'boolean') return suspended ? i18n._(msg`User suspended`) : i18n._(msg`User reactivated`);
  }
  if (key === 'Management.Application.Updated' && payload.roles) return i18n._(msg`Application roles updated`);
  if (key === 'Management.Application.Updated' && payload.userConsentScopes) return i18n._(msg`Application permissions updated`);
  const name = nameOf(log);
  return name ? i18n._(msg({ message: `${title}: ${name}`, comment: 'An audit-log title and the name of what was created or deleted, e.g. "Role created: billing:reader"' })) : title;
}
