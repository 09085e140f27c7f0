import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { notificationsStore } from '@mantine/notifications';
import './toast-limit.ts';

const NotificationsHost = lazy(() => import('./NotificationsHost.tsx'));
const ModalsHost = lazy(() => import('./ModalsHost.tsx'));

const hasNotifications = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/** The toast container, whose code loads with the first toast (`notifications.show` only fills a store). */
export function DeferredNotifications() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasNotifications);
  const [loaded, setLoaded] = useState(wanted);
  if (wanted && !loaded) setLoaded(true);
  return loaded ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** What `modals.open…` and friends of @mantine/modals dispatch on the window. */
const modalEvents = ['openModal', 'openConfirmModal', 'openContextModal', 'closeModal', 'closeAllModals', 'updateModal', 'updateContextModal']
  .map((name) => `mantine-modals:${name}`);

/**
 * Mantine's modal manager, whose code loads with the first `modals.open…` call. Until it listens, the calls are held
 * and then replayed in order.
 */
export function DeferredModals() {
  const held = useRef<CustomEvent[]>([]);
  const [asked, setAsked] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const hold = (event: Event) => {
      if (held.current.length === 0 && !event.type.startsWith('mantine-modals:open')) return; // nothing is open to close
      held.current.push(event as CustomEvent);
      setAsked(true);
    };
    for (const name of modalEvents) window.addEventListener(name, hold);
    return () => {
      for (const name of modalEvents) window.removeEventListener(name, hold);
    };
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    const replay = held.current.splice(0);
    for (const event of replay) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [ready]);

  const onReady = useRef(() => setReady(true)).current;
  return asked ? (
    <Suspense fallback={null}>
      <ModalsHost onReady={onReady} />
    </Suspense>
  ) : null;
}
