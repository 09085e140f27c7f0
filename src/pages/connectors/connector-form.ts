import { useForm } from '@mantine/form';
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { connectorTarget, type ConnectorType, type FormItem } from '#schemas/connector.ts';
import type { ErrorCode } from '#schemas/error-codes.ts';
import type { ConsoleConnector, CreateConnector, PatchConnector } from '#src/api/management/connectors.ts';
import { detailsText, toApiError } from '#src/api/errors.ts';
import { mantineFeedback } from '#src/api/feedback.tsx';
import { formHandles } from '#src/ui/form/show-form-error.ts';
import { configFieldErrors, configPayload, configValuesOf, formItemsOf, keptSecrets, validateConfig, type ConfigValues } from './config/config-form.ts';
import { configProblemTexts } from './config/config-problems.ts';
import { localized } from './connector-names.ts';

/** What the form is made from: a factory (the guide) or a saved connector (its details). */
export type ConnectorSource = {
  type: ConnectorType;
  isStandard: boolean;
  target: string;
  formItems?: FormItem[];
  configTemplate?: string;
  config?: Record<string, unknown>;
  connector?: ConsoleConnector;
};

export type ConnectorFormValues = {
  name: string;
  logo: string;
  logoDark: string;
  target: string;
  /** Sync the profile at each sign-in, or only at registration. */
  syncProfile: 'signIn' | 'register';
  config: ConfigValues;
};

const configMessages = () => ({
  required: t`Required.`,
  number: t`Enter a number.`,
  json: t`Enter valid JSON.`,
  atLeastOne: t`Choose at least one.`,
});

export const connectorFieldMessages = () => ({
  name: t`Enter a name.`,
  target: t`Use lowercase letters, digits and hyphens, up to 128 characters.`,
  logo: t`Enter a URL of up to 2,048 characters.`,
});

/** The codes the connector forms show on their fields; any other failure is toasted by the kit. */
export const connectorFormHandles: ErrorCode[] = [...formHandles(), 'connector.invalid_config_guard', 'connector.multiple_target_with_same_platform'];

const valuesOf = (source: ConnectorSource): ConnectorFormValues => {
  const metadata = source.connector?.metadata;
  return {
    name: metadata?.name ? localized(metadata.name, 'en') : '',
    logo: metadata?.logo ?? '',
    logoDark: metadata?.logoDark ?? '',
    target: metadata?.target ?? (source.isStandard ? '' : source.target),
    syncProfile: source.connector?.syncProfile ? 'signIn' : 'register',
    config: configValuesOf(source.formItems, source.config, source.configTemplate),
  };
};

/** The connector form of the guide and of the details page: general settings (social) and the parameters. */
export function useConnectorForm(source: ConnectorSource) {
  const kept = keptSecrets(source.formItems, source.config);
  const form = useForm<ConnectorFormValues>({
    initialValues: valuesOf(source),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const messages = connectorFieldMessages();
      if (source.type === 'Social' && source.isStandard) {
        if (!values.name.trim()) errors.name = messages.name;
        if (!source.connector && !z.safeParse(connectorTarget, values.target).success) errors.target = messages.target;
        for (const key of ['logo', 'logoDark'] as const) if (values[key].length > 2048) errors[key] = messages.logo;
      }
      for (const [key, error] of Object.entries(validateConfig(formItemsOf(source.formItems), values.config, configMessages(), kept))) errors[`config.${key}`] = error;
      return errors;
    },
  });

  const config = (values: ConnectorFormValues) => configPayload(source.formItems, values.config, source.config);

  const body = (values: ConnectorFormValues): PatchConnector => ({
    config: config(values),
    ...(source.type === 'Social' ? { syncProfile: values.syncProfile === 'signIn' } : {}),
    ...(source.type === 'Social' && source.isStandard
      ? {
          metadata: {
            ...(source.connector ? {} : { target: values.target }),
            name: { ...source.connector?.metadata.name, en: values.name.trim() },
            logo: values.logo.trim() || null,
            logoDark: values.logoDark.trim() || null,
          },
        }
      : {}),
  });

  /** The config guard's field errors on their fields; false when the failure names none. */
  const showConfigErrors = (error: unknown) => {
    const fields = configFieldErrors(error, source.formItems, configProblemTexts());
    if (fields) form.setErrors(Object.fromEntries(Object.entries(fields).map(([key, message]) => [`config.${key}`, message])));
    return Boolean(fields);
  };

  return {
    form,
    kept,
    /** The config as the form holds it now, for a test send; undefined (and the errors shown) when a field is wrong. */
    testConfig: () => {
      const errors = Object.entries(form.validate().errors).filter(([key]) => key.startsWith('config.'));
      return errors.length ? undefined : config(form.getValues());
    },
    createBody: (values: ConnectorFormValues, connectorId: string, id?: string): CreateConnector => ({ connectorId, ...(id ? { id } : {}), ...body(values) }),
    patchBody: body,
    showConfigErrors,
    /** A refused save on its fields: the config guard's paths, and the target's clash naming the other connector. */
    showError: (error: unknown) => {
      if (showConfigErrors(error)) return;
      const { code, body: answer, message } = toApiError(error);
      if (code === 'connector.multiple_target_with_same_platform') {
        const details = answer?.details as { connectorName?: unknown } | undefined;
        const name = typeof details?.connectorName === 'string' ? details.connectorName : undefined;
        return form.setErrors({ target: name ? t`The connector ${name} already uses this target.` : message });
      }
      // A handled code that names no field of the form: shown here, so that it is not lost.
      if (code && connectorFormHandles.includes(code as ErrorCode)) mantineFeedback.toastError(message, detailsText(answer?.details));
    },
  };
}
export type ConnectorForm = ReturnType<typeof useConnectorForm>;
