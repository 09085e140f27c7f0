import { storageKeys } from '#schemas/constants.ts';
import { tabChannel } from '#src/app/tab-channel.ts';

/** The popup tells the profile in its opener that the user changed. */
const linked = tabChannel('gatehouse:social-link');

export const announceLinked = linked.announce;

/** Calls back whenever a popup linked an identity; returns the unsubscribe. */
export const onLinked = linked.listen;

/** The connector being linked, in session storage (spec 01 §4): the popup, opened by the profile, gets a copy. */
export const linkingConnector = {
  save: (connectorId: string) => sessionStorage.setItem(storageKeys.linkingSocialConnector, connectorId),
  read: () => sessionStorage.getItem(storageKeys.linkingSocialConnector) ?? undefined,
  clear: () => sessionStorage.removeItem(storageKeys.linkingSocialConnector),
};
