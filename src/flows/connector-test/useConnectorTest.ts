import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import { connectorTestMachine, type ConnectorTestRequest } from '#machines/connector-test.machine.ts';
import { useTestConnector } from '#src/data/connectors.ts';

export type ConnectorTestOptions = {
  /** The saved connector being edited: the server fills in the secrets the form leaves empty. */
  id?: string;
  /** Shows a refusal's field errors on the form (the config guard's), besides the result. */
  onFailed?: (error: unknown) => void;
};

/** The send-test flow of one factory's form: e-mail or SMS, through the unsaved config, in the console's language. */
export function useConnectorTest(factoryId: string, type: 'Email' | 'Sms', { id, onFailed }: ConnectorTestOptions = {}) {
  const { i18n } = useLingui();
  const test = useTestConnector();
  return useMachine(
    connectorTestMachine.provide({
      actors: {
        send: fromPromise<void, ConnectorTestRequest>(async ({ input: { to, config } }) => {
          try {
            await test(factoryId, { ...(type === 'Email' ? { email: to } : { phone: to }), config, locale: i18n.locale, ...(id ? { id } : {}) });
          } catch (error) {
            onFailed?.(error);
            throw error;
          }
        }),
      },
    }),
  );
}
