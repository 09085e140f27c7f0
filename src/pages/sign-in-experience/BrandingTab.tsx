import { Box, Group, InputBase, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { brandingUrlMaxLength, hexColorPattern, isHttpUrl } from '#schemas/application-branding.ts';
import { customCssMaxLength } from '#schemas/sign-in-experience.ts';
import { UploaderFlow } from '#src/flows/uploader/UploaderFlow.tsx';
import { Button } from '#src/ui/Button.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { darkColorOf, expandHex, type BrandingImage, type SignInExperienceValues } from './form.ts';

type Form = UseFormReturnType<SignInExperienceValues>;

/** An image of the sign-in page: its URL, or an upload through the user assets, which fills the URL in. */
function ImageField({ form, name, label, onUploading }: { form: Form; name: BrandingImage; label: string; onUploading: (running: boolean) => void }) {
  const { t } = useLingui();
  const path = `branding.${name}`;
  const url = form.getValues().branding[name];
  return (
    <Stack gap={6}>
      <TextInput label={label} placeholder="https://example.com/logo.svg" maxLength={brandingUrlMaxLength} dir="ltr" {...form.getInputProps(path)} />
      <Group gap="sm" align="flex-start">
        <UploaderFlow onUploaded={(uploaded) => form.setFieldValue(path, uploaded)} onBusy={onUploading} target={label} />
        {isHttpUrl(url) && <Box component="img" src={url} alt={t`${label} preview`} h={40} maw={160} style={{ objectFit: 'contain' }} />}
      </Group>
    </Stack>
  );
}

/** Colours, dark mode, logos and favicons, and the custom CSS (sign-in-experience.md §3). */
export function BrandingTab({ form, onUploading }: { form: Form; onUploading: (running: boolean) => void }) {
  const { t } = useLingui();
  const { color } = form.getValues();
  // The browser's own colour picker beside the hex input: Mantine's has sliders without names, and more code.
  const colorInput = (path: string, label: string) => {
    const value = String(form.getInputProps(path).value ?? '');
    return (
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label={label} placeholder="#5d34f2" maxLength={7} dir="ltr" {...form.getInputProps(path)} />
        <input
          type="color"
          aria-label={t`Pick ${label}`}
          value={hexColorPattern.test(value) ? expandHex(value) : '#000000'}
          onChange={(event) => form.setFieldValue(path, event.currentTarget.value)}
          style={{ inlineSize: 40, blockSize: 36, padding: 2, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, background: 'none' }}
        />
      </Group>
    );
  };
  const computed = hexColorPattern.test(color.primaryColor) ? darkColorOf(color.primaryColor) : undefined;
  const image = (name: BrandingImage, label: string) => <ImageField form={form} name={name} label={label} onUploading={onUploading} />;
  return (
    <>
      <FormSection title={t`Brand colour`}>
        {colorInput('color.primaryColor', t`Brand colour`)}
        <Switch
          label={t`Dark mode`}
          description={t`The sign-in pages follow the user's system theme, with the dark colour and images below.`}
          {...form.getInputProps('color.isDarkModeEnabled', { type: 'checkbox' })}
        />
        {color.isDarkModeEnabled && (
          <Group align="flex-end" gap="sm">
            {colorInput('color.darkPrimaryColor', t`Dark brand colour`)}
            <Button variant="default" disabled={!computed || computed === color.darkPrimaryColor} onClick={() => computed && form.setFieldValue('color.darkPrimaryColor', computed)}>
              <Trans>Reset to computed</Trans>
            </Button>
          </Group>
        )}
      </FormSection>
      <FormSection title={t`Logo and favicon`}>
        {image('logoUrl', t`Logo URL`)}
        {color.isDarkModeEnabled && image('darkLogoUrl', t`Dark logo URL`)}
        {image('favicon', t`Favicon URL`)}
        {color.isDarkModeEnabled && image('darkFavicon', t`Dark favicon URL`)}
      </FormSection>
      <FormSection title={t`Custom CSS`}>
        <InputBase
          component="textarea"
          label={t`Custom CSS`}
          description={t`Applied on the sign-in pages after their own styles. At most 64 KiB.`}
          placeholder=".gh-footer { display: none; }"
          rows={8}
          maxLength={customCssMaxLength}
          styles={{ input: { resize: 'vertical', minHeight: 'calc(8lh + 1rem)' } }}
          dir="ltr"
          ff="monospace"
          spellCheck={false}
          {...form.getInputProps('customCss')}
        />
      </FormSection>
    </>
  );
}
