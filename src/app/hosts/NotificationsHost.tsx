import '@mantine/notifications/styles.css';
import { MantineThemeProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { toastLimit } from './toast-limit.ts';

/**
 * The toasts, each with a close button named in the console's language. They come up at the bottom, at the end of the
 * reading direction: at the top they covered the top bar's menus.
 */
export default function NotificationsHost() {
  const { t } = useLingui();
  const { dir } = useDirection();
  const theme = { components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t`Close` } } } } };
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'} limit={toastLimit} />
    </MantineThemeProvider>
  );
}
