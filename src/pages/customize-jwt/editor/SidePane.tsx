import { useState, type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';
import { Button } from '#src/ui/Button.tsx';
import { CodeField } from './CodeField.tsx';
import { EnvironmentVariables } from './EnvironmentVariables.tsx';
import { sampleText, type JwtForm } from './jwt-form.ts';

export const sidePaneTabs = ['variables', 'token', 'context', 'test'] as const;
export type SidePaneTab = (typeof sidePaneTabs)[number];

/** The tab that holds a field's error, to open it when Save or Run finds one there. */
export const tabOfField = (field: string): SidePaneTab | undefined =>
  field.startsWith('variables') ? 'variables' : field === 'tokenSample' ? 'token' : field === 'contextSample' ? 'context' : undefined;

type Props = { form: JwtForm; tokenType: JwtTokenType; tab: SidePaneTab; onTab: (tab: SidePaneTab) => void; test: ReactNode };

/** The editor's side pane (customize-jwt.md §2): the variables, the two samples, and the Test. */
export function SidePane({ form, tokenType, tab, onTab, test }: Props) {
  const { t } = useLingui();
  const failed = (which: SidePaneTab) => Object.keys(form.errors).some((field) => tabOfField(field) === which);
  const label = (which: SidePaneTab, text: string) => (
    <Tabs.Tab value={which} c={failed(which) ? 'var(--mantine-color-error)' : undefined} rightSection={failed(which) ? <IconAlertCircle size={14} aria-label={t`Has errors`} /> : undefined}>
      {text}
    </Tabs.Tab>
  );
  const sample = (field: 'tokenSample' | 'contextSample', title: string) => (
    <CodeField
      label={title}
      language="json"
      height="420px"
      value={form.getValues()[field]}
      onChange={(value) => form.setFieldValue(field, value)}
      error={form.errors[field] as string | undefined}
      actions={
        <Button size="xs" variant="subtle" onClick={() => form.setFieldValue(field, sampleText(tokenType, field === 'tokenSample' ? 'token' : 'context'))}>
          <Trans>Reset to sample</Trans>
        </Button>
      }
    />
  );
  return (
    <Tabs value={tab} onChange={(value) => value && onTab(value as SidePaneTab)} keepMounted={false}>
      <Tabs.List aria-label={t`Script settings and test`}>
        {label('variables', t`Environment variables`)}
        {label('token', t`Token sample`)}
        {label('context', t`Context sample`)}
        {label('test', t`Test`)}
      </Tabs.List>
      <Tabs.Panel value="variables" pt="md">
        <EnvironmentVariables form={form} />
      </Tabs.Panel>
      <Tabs.Panel value="token" pt="md">
        {sample('tokenSample', t`Token sample`)}
      </Tabs.Panel>
      <Tabs.Panel value="context" pt="md">
        {sample('contextSample', t`Context sample`)}
      </Tabs.Panel>
      <Tabs.Panel value="test" pt="md">
        {test}
      </Tabs.Panel>
    </Tabs>
  );
}

/** The side pane's tab, starting on the variables. */
export const useSidePaneTab = () => useState<SidePaneTab>('variables');
