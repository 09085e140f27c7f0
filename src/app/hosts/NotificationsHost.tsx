import '@mantine/notifications/styles.css';
import { useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** Toasts come up at the bottom, at the end of the reading direction: at the top they covered the top bar's menus. */
export default function NotificationsHost() {
  const { dir } = useDirection();
  return <Notifications position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'} />;
}
