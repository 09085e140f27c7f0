import '@mantine/notifications/styles.css';
import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';

export default function NotificationsHost() {
  const { t } = useLingui();
  // Every toast's close button is named, in the person's language.
  return (
    <MantineThemeProvider inherit theme={{ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t`Close` } } } } }}>
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}
