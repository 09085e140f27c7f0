import { useId, useState } from 'react';
import { Grid, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { jwtScriptTemplate, type JwtCustomizer, type JwtTokenType } from '#schemas/jwt-customizer.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { JwtSaveActions, JwtSaveFailure, scriptProblemOf } from '#src/flows/jwt-customizer-save/JwtSaveView.tsx';
import { useJwtCustomizerSave } from '#src/flows/jwt-customizer-save/useJwtCustomizerSave.ts';
import { JwtTestView } from '#src/flows/jwt-customizer-test/JwtTestView.tsx';
import { useJwtCustomizerTest } from '#src/flows/jwt-customizer-test/useJwtCustomizerTest.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { Button } from '#src/ui/Button.tsx';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import direction from '#src/ui/direction.module.css';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { UnsavedChangesGuard } from '#src/ui/form/UnsavedChangesGuard.tsx';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { showFormError } from '#src/ui/form/show-form-error.ts';
import { useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { CustomJwtUpsell } from '../CustomJwtUpsell.tsx';
import { useCustomJwtPlan } from '../custom-jwt-plan.ts';
import { tokenTypeNames } from '../token-types.ts';
import { CodeField } from './CodeField.tsx';
import { SidePane, tabOfField, useSidePaneTab } from './SidePane.tsx';
import { formValuesOf, putBodyOf, testBodyOf, useJwtForm, type JwtFormValues } from './jwt-form.ts';

type Props = { tokenType: JwtTokenType; saved: JwtCustomizer | null };

/** The editor of one token type's script (customize-jwt.md §2): header, script, options, and the side pane. */
export function JwtEditor({ tokenType, saved }: Props) {
  const { t, i18n } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const title = i18n._(tokenTypeNames[tokenType].title);
  usePageTitle(`${title} · ${i18n._(pageNames.customizeJwt)}`);
  const form = useJwtForm(tokenType, saved);
  const [tab, setTab] = useSidePaneTab();
  const [errorLine, setErrorLine] = useState<number>();
  const plan = useCustomJwtPlan();
  const quota = useQuotaNotice();
  const confirmation = useConfirmDialog();
  const planId = useCurrentTenant().planId;
  const blockHintId = useId();

  const [saveState, sendSave] = useJwtCustomizerSave(tokenType, saved === null, {
    onSaved: ({ value, created }) => {
      markSaved(form, formValuesOf(tokenType, value));
      notifications.show({ color: 'green', message: created ? t`Script created` : t`Saved` });
      if (created) void navigate({ to: '/$tenantId/customize-jwt/$tokenType/$action', params: { tenantId, tokenType, action: 'edit' }, replace: true, ignoreBlocker: true });
    },
    onFailed: (error) => {
      if (quota.catch(error)) return;
      const problem = scriptProblemOf(error);
      if (problem) return setErrorLine(problem.line);
      showFormError(form, error, { messages: {} });
      openFirstError(form.errors);
    },
  });
  const [testState, sendTest] = useJwtCustomizerTest();

  /** Opens the side pane's tab of the first field with an error, so that it is seen. */
  const openFirstError = (errors: Record<string, unknown>) => {
    const field = Object.keys(errors).map(tabOfField).find(Boolean);
    if (field) setTab(field);
  };
  const checked = (): JwtFormValues | undefined => {
    const { hasErrors, errors } = form.validate();
    if (!hasErrors) return form.getValues();
    openFirstError(errors);
    return undefined;
  };
  const save = () => {
    quota.clear();
    setErrorLine(undefined);
    const values = checked();
    if (values) sendSave({ type: 'SAVE', value: putBodyOf(values) });
  };
  const leave = () => void navigate({ to: '/$tenantId/customize-jwt', params: { tenantId } });
  const restoreTemplate = () => {
    const replace = () => form.setFieldValue('script', jwtScriptTemplate);
    if (form.getValues().script === jwtScriptTemplate) return;
    confirmation.ask(
      { title: t`Restore the template?`, confirmLabel: t`Restore`, children: <Text fz="sm">{t`The script is replaced by the template. Undo (Ctrl+Z) in the editor brings it back.`}</Text> },
      replace,
    );
  };
  const values = form.getValues();

  return (
    <Stack gap="md" p="md">
      {confirmation.dialog}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <LinkButton
            variant="subtle"
            size="compact-sm"
            to="/$tenantId/customize-jwt"
            params={{ tenantId }}
            leftSection={<IconArrowLeft size={14} aria-hidden="true" className={direction.mirrored} />}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Back to Custom JWT</Trans>
          </LinkButton>
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {i18n._(tokenTypeNames[tokenType].description)}
          </Text>
        </Stack>
        <JwtSaveActions state={saveState} onSave={save} onCancel={leave} disabled={!plan.enabled} />
      </Group>
      {!plan.enabled && plan.planId && <CustomJwtUpsell planId={plan.planId} />}
      {quota.exceeded && <QuotaExceededNotice keys={quota.exceeded} planId={planId} onClose={quota.clear} />}
      <JwtSaveFailure state={saveState} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }} miw={0}>
          <Stack gap="md">
            <CodeField
              label={t`Script`}
              description={<Trans>Define getCustomJwtClaims: it receives token, context, environmentVariables and api, and returns the claims to add.</Trans>}
              language="javascript"
              height="480px"
              value={values.script}
              onChange={(script) => {
                setErrorLine(undefined);
                form.setFieldValue('script', script);
              }}
              errorLine={errorLine}
              error={form.errors.script as string | undefined}
              actions={
                <Button size="xs" variant="subtle" onClick={restoreTemplate}>
                  <Trans>Restore template</Trans>
                </Button>
              }
            />
            <Stack gap={4}>
              <Switch label={t`Block token issuance when the script fails`} aria-describedby={blockHintId} {...form.getInputProps('blockIssuanceOnError', { type: 'checkbox' })} />
              <Text id={blockHintId} fz="xs" c="dimmed">
                <Trans>On: a failing script refuses the token. Off: the token is issued without the custom claims. Failures are logged either way.</Trans>
              </Text>
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }} miw={0}>
          <SidePane
            form={form}
            tokenType={tokenType}
            tab={tab}
            onTab={setTab}
            test={<JwtTestView state={testState} send={sendTest} request={() => (checked() ? testBodyOf(tokenType, form.getValues()) : undefined)} />}
          />
        </Grid.Col>
      </Grid>
      <UnsavedChangesGuard when={form.isDirty() && !saveState.matches('saving')} />
    </Stack>
  );
}
