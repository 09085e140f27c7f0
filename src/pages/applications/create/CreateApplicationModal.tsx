import { useState } from 'react';
import { Badge, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  applicationNameMaxLength,
  createApplicationGuard,
  offeredApplicationTypes,
  thirdPartyApplicationTypes,
  type CreatedApplicationSecret,
  type OfferedApplicationType,
} from '#schemas/application.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useCreateApplication } from '#src/data/applications.ts';
import { Button } from '#src/ui/Button.tsx';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { applicationFieldMessages } from '../application-form.ts';
import { ApplicationIcon, applicationTypeInfo } from '../application-types.tsx';
import type { AppGuideId } from '../guide-ids.ts';
import { appGuideOf } from '../guides.ts';
import { SecretOnce } from '../SecretOnce.tsx';
import { GuideLibrary } from './GuideLibrary.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type CreateApplicationModalProps = {
  /** Closing returns to the list as it was. */
  onClose: () => void;
  /** Picked in the guide library: it fixes the type, and the new app opens on that guide. */
  guide?: AppGuideId;
  thirdParty: boolean;
};

type Values = { type: OfferedApplicationType | ''; name: string; description: string };

/**
 * Creates an app (applications.md §3): a guide from the library, or a type without one; then its name and
 * description. A confidential app's first secret is shown once before its page opens.
 */
export function CreateApplicationModal({ onClose, guide: guideId, thirdParty }: CreateApplicationModalProps) {
  const { t, i18n } = useLingui();
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { planId } = useCurrentTenant();
  const navigate = useNavigate();
  const messages = applicationFieldMessages();
  const fieldErrors = formErrors({ messages });
  const createApplication = useCreateApplication({ handles: [...fieldErrors.handles, ...quotaHandles] });
  const quota = useQuotaNotice();
  const guide = guideId ? appGuideOf(guideId) : undefined;
  const [step, setStep] = useState<'library' | 'form'>(guide || thirdParty ? 'form' : 'library');
  const [created, setCreated] = useState<{ open: () => Promise<void>; secret: CreatedApplicationSecret }>();
  const form = useForm<Values>({
    initialValues: { type: guide?.type ?? '', name: '', description: '' },
    validate: (values) => schemaValidator(createApplicationGuard, messages)(bodyOf(values, thirdParty)),
  });
  const types = thirdParty ? thirdPartyApplicationTypes : offeredApplicationTypes;

  const pickGuide = (id: AppGuideId) => {
    const picked = appGuideOf(id);
    if (picked) form.setFieldValue('type', picked.type);
    setStep('form');
    void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, guide: id }), replace: true });
  };
  const backToLibrary = () => {
    form.setFieldValue('type', '');
    setStep('library');
    void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, guide: undefined }), replace: true });
  };

  const submit = form.onSubmit(async (values) => {
    quota.clear();
    try {
      const application = await createApplication.mutateAsync(bodyOf(values, thirdParty));
      const open = async () => {
        await (guide
          ? navigate({ to: '/$tenantId/applications/$id/guide/$guideId', params: { tenantId, id: application.id, guideId: guide.id }, replace: true })
          : navigate({ to: '/$tenantId/applications/$id/settings', params: { tenantId, id: application.id } }));
      };
      const secret = application.secrets?.[0];
      if (secret) setCreated({ open, secret });
      else await open();
    } catch (error) {
      if (quota.catch(error)) return;
      fieldErrors.show(form, error);
    }
  });

  const title = created ? t`App secret` : thirdParty ? t`Create third-party app` : t`Create application`;
  return (
    <Dialog
      opened
      onClose={created ? () => void created.open() : onClose}
      title={title}
      centered
      size={step === 'library' && !created ? 'xl' : 'lg'}
    >
      {created ? (
        <SecretOnce secret={created.secret} onDone={() => void created.open()} />
      ) : step === 'library' ? (
        <GuideLibrary onPick={pickGuide} onSkip={() => setStep('form')} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {quota.exceeded && (
              <QuotaExceededNotice keys={quota.exceeded} planId={planId} hint={<Trans>Upgrade the plan to create more applications.</Trans>} />
            )}
            {guide ? (
              <Group gap="sm">
                <ApplicationIcon type={guide.type} />
                <Text fw={600}>{guide.title}</Text>
                <Badge variant="default" size="sm" tt="none">
                  {i18n._(applicationTypeInfo[guide.type].label)}
                </Badge>
              </Group>
            ) : (
              <Radio.Group label={t`Application type`} required {...form.getInputProps('type')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
                  {types.map((type) => (
                    <Radio.Card key={type} value={type} p="sm" radius="md">
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <Radio.Indicator />
                        <Stack gap={2}>
                          <Text fw={600} fz="sm">
                            {i18n._(applicationTypeInfo[type].label)}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {i18n._(applicationTypeInfo[type].summary)}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
            <TextInput
              label={t`Application name`}
              required
              maxLength={applicationNameMaxLength}
              placeholder={t`My app`}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Textarea label={t`Description`} maxLength={2048} autosize minRows={2} {...form.getInputProps('description')} />
            <Group justify="flex-end">
              {!thirdParty && (
                <Button variant="default" mr="auto" onClick={backToLibrary}>
                  <Trans>Back to guides</Trans>
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={createApplication.isPending}>
                <Trans>Create application</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

const bodyOf = ({ type, name, description }: Values, thirdParty: boolean) => ({
  name,
  type: type as OfferedApplicationType,
  ...(description.trim() ? { description } : {}),
  ...(thirdParty ? { isThirdParty: true } : {}),
});
