import type { MessageDescriptor } from '@lingui/core';
import { Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CodeBlock } from './CodeBlock.tsx';

/** A step of an integration guide: what to do, and the code for it filled in with the page's values. */
export type GuideStep<Values> = { title: MessageDescriptor; text: MessageDescriptor; code?: (values: Values) => string };

/** A guide's numbered steps, each code block copyable. */
export function GuideSteps<Values>({ steps, values }: { steps: readonly GuideStep<Values>[]; values: Values }) {
  const { i18n } = useLingui();
  return (
    <Stack component="ol" gap="xl" p={0} m={0} style={{ listStyle: 'none' }}>
      {steps.map((step, index) => (
        <li key={index}>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {`${index + 1}. ${i18n._(step.title)}`}
            </Title>
            <Text fz="sm">{i18n._(step.text)}</Text>
            {step.code && <CodeBlock label={i18n._(step.title)} code={step.code(values)} />}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
