import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { connectorTestMachine, type ConnectorTestRequest } from '#machines/connector-test.machine.ts';
import { useTestConnector } from '#src/data/connectors.ts';

/** The send-test flow of one factory's form: e-mail or SMS, through the unsaved config, in the console's language. */
export function useConnectorTest(factoryId: string, type: 'Email' | 'Sms') {
  const { t, i18n } = useLingui();
  const test = useTestConnector();
  return useMachine(
    connectorTestMachine.provide({
      actors: {
        send: fromPromise<void, ConnectorTestRequest>(({ input: { to, config } }) =>
          test(factoryId, { ...(type === 'Email' ? { email: to } : { phone: to }), config, locale: i18n.locale }),
        ),
      },
      actions: { notifySent: () => notifications.show({ color: 'green', message: t`Test message sent.` }) },
    }),
  );
}
