/**
 * A message between the console's tabs and windows of one browser (BroadcastChannel): each `tabChannel` hears the
 * others' announcements, not its own.
 */
export function tabChannel(name: string) {
  const sender = Math.random().toString(36).slice(2);
  return {
    announce: () => {
      const channel = new BroadcastChannel(name);
      channel.postMessage(sender);
      channel.close();
    },
    /** Calls back whenever another tab or window announces; returns the unsubscribe. */
    listen: (callback: () => void) => {
      const channel = new BroadcastChannel(name);
      channel.onmessage = ({ data }) => {
        if (data !== sender) callback();
      };
      return () => channel.close();
    },
  };
}
