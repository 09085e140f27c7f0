import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ThemeIcon } from '@mantine/core';
import { IconBrowser, IconDeviceMobile, IconRobot, IconServer2 } from '@tabler/icons-react';
import type { Application, OfferedApplicationType } from '#schemas/application.ts';

/** What each offered type is called, what it is for, and its icon (spec 02 §3). */
export const applicationTypeInfo: Record<OfferedApplicationType, { label: MessageDescriptor; summary: MessageDescriptor; Icon: typeof IconBrowser }> = {
  Native: { label: msg`Native app`, summary: msg`An app that runs on a device: iOS, Android, desktop.`, Icon: IconDeviceMobile },
  SPA: { label: msg`Single-page app`, summary: msg`A web app that runs in the browser, such as React or Vue.`, Icon: IconBrowser },
  Traditional: { label: msg`Traditional web app`, summary: msg`A web app rendered by its server, which keeps a secret.`, Icon: IconServer2 },
  MachineToMachine: { label: msg`Machine-to-machine`, summary: msg`A service that calls APIs on its own, with a secret.`, Icon: IconRobot },
};

/** The types the list knows; Protected and SAML apps are not offered yet, so none exist. */
export const typeInfoOf = (type: Application['type']) => applicationTypeInfo[type as OfferedApplicationType] ?? applicationTypeInfo.Traditional;

export function ApplicationIcon({ type, size = 'md' }: { type: Application['type']; size?: 'md' | 'xl' }) {
  const { Icon } = typeInfoOf(type);
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden="true">
      <Icon size={size === 'xl' ? 24 : 16} />
    </ThemeIcon>
  );
}
