import { storageKeys } from '../../../schemas/constants.ts';

/** The popup tells the profile in its opener that the user changed. */
const channelName = 'gatehouse:social-link';

export const announceLinked = () => {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage('linked');
  channel.close();
};

/** Calls back whenever a popup linked an identity; returns the unsubscribe. */
export const onLinked = (callback: () => void) => {
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = () => callback();
  return () => channel.close();
};

/** The connector being linked, in session storage (spec 01 §4): the popup, opened by the profile, gets a copy. */
export const linkingConnector = {
  save: (connectorId: string) => sessionStorage.setItem(storageKeys.linkingSocialConnector, connectorId),
  read: () => sessionStorage.getItem(storageKeys.linkingSocialConnector) ?? undefined,
  clear: () => sessionStorage.removeItem(storageKeys.linkingSocialConnector),
};
