import { Suspense, useRef, useState } from 'react';
import { Badge, Box, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  signInExperienceSaveMachine,
  versionConflictCode,
  type SaveRequest,
  type VersionedSettings,
} from '#machines/sign-in-experience-save.machine.ts';
import type { VersionedSignInExperience } from '#src/api/management/sign-in-experience.ts';
import { connectorQueries } from '#src/data/connectors.ts';
import { signInExperienceQueries, usePatchSignInExperience } from '#src/data/sign-in-experience.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { formHandles, showFormError } from '#src/ui/form/show-form-error.ts';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';
import { TabLinks } from '#src/ui/TabLinks.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { BrandingTab } from './BrandingTab.tsx';
import {
  codeConnectorsOf,
  documentOf,
  errorCountsOf,
  patchOf,
  rebase,
  ruleCodes,
  signInExperienceTabs,
  validateValues,
  valuesOf,
  type SignInExperienceTab,
  type SignInExperienceValues,
} from './form.ts';
import { useSignInExperienceMessages } from './messages.ts';
import classes from './SignInExperiencePage.module.css';

// The branding tab comes with the page; the other tabs, the preview (which waits for the server anyway) and Try it
// load when first shown, Try it when first opened.
const SignUpSignInTab = lazyComponent(async () => (await import('./SignUpSignInTab.tsx')).SignUpSignInTab);
const ContentTab = lazyComponent(async () => (await import('./ContentTab.tsx')).ContentTab);
const PasswordPolicyTab = lazyComponent(async () => (await import('./PasswordPolicyTab.tsx')).PasswordPolicyTab);
const PreviewPanel = lazyComponent(async () => (await import('./PreviewPanel.tsx')).PreviewPanel);
const TryItPanel = lazyComponent(async () => (await import('./TryItPanel.tsx')).TryItPanel);
// What a save shows besides the bar (the changes to confirm, someone else's save) loads when first needed.
const SaveView = lazyComponent(async () => (await import('./SaveView.tsx')).SaveView);

/** The sign-in experience (sign-in-experience.md §1): one form over the tenant's document, its four tabs and the preview. */
export function SignInExperiencePage({ tab }: { tab: SignInExperienceTab }) {
  const { i18n } = useLingui();
  const title = i18n._(pageNames.signInExperience);
  usePageTitle(title);
  const queries = useTenantQueries(signInExperienceQueries);
  const query = useQuery(queries.detail());
  return (
    <Stack gap="lg" p="md">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <DetailQueryState query={query}>{(record) => <SignInExperienceEditor initial={record} tab={tab} />}</DetailQueryState>
    </Stack>
  );
}

function TabLabel({ tab, count }: { tab: SignInExperienceTab; count: number }) {
  const { i18n } = useLingui();
  return (
    <>
      {i18n._(tabNames[tab])}
      {count > 0 && (
        <>
          <Badge color="red" size="sm" circle ml={6} aria-hidden="true">
            {count}
          </Badge>
          <VisuallyHidden>{plural(count, { one: '(# invalid field)', other: '(# invalid fields)' })}</VisuallyHidden>
        </>
      )}
    </>
  );
}

/**
 * The form the four tabs share: switching tabs keeps its edits. Saving sends the changed blocks under the version the
 * edits started from; a change to sign-up, sign-in or social sign-in asks first with what changes. When someone else
 * saved meanwhile, the save is refused and the edits stay: reloading takes their version as the new starting point.
 */
function SignInExperienceEditor({ initial, tab }: { initial: VersionedSignInExperience; tab: SignInExperienceTab }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const queries = useTenantQueries(signInExperienceQueries);
  const queryClient = useQueryClient();
  const { fields, rules } = useSignInExperienceMessages();
  const codes = ruleCodes(rules);
  const [base, setBase] = useState(initial.settings);
  const [uploads, setUploads] = useState(0);
  const [tryItUrl, setTryItUrl] = useState<string>();
  // Try it (its application list and URL builder) loads when first opened.
  const [tryIt, setTryIt] = useState(false);
  const save = usePatchSignInExperience({ handles: [...formHandles(codes), versionConflictCode] });
  // Which code choices the tenant's connectors allow (sign-in-experience.md §4); none while they load.
  const connectors = useQuery(useTenantQueries(connectorQueries).list()).data;
  const validate = validateValues(fields, rules, codeConnectorsOf(connectors));
  const form = useForm<SignInExperienceValues>({ initialValues: valuesOf(initial.settings), validate, validateInputOnChange: true });

  // The machine is made once; what it calls back reads the latest render's values.
  const latest = useRef({ base, form });
  latest.current = { base, form };
  const [state, send] = useMachine(
    signInExperienceSaveMachine.provide({
      actors: {
        save: fromPromise<VersionedSettings, SaveRequest>(({ input }) => save.mutateAsync(input)),
        reload: fromPromise<VersionedSettings>(() => queryClient.fetchQuery({ ...queries.detail(), staleTime: 0 })),
      },
      actions: {
        notifySaved: (_, saved: VersionedSettings) => {
          setBase(saved.settings);
          markSaved(latest.current.form, valuesOf(saved.settings));
          notifications.show({ color: 'green', message: t`Saved` });
        },
        notifyFailed: (_, error: unknown) => showFormError(latest.current.form, error, { messages: fields, codes }),
        notifyReloaded: (_, { settings }: VersionedSettings) => {
          const { form: current, base: from } = latest.current;
          setBase(settings);
          // Their version becomes what Discard goes back to; the blocks the admin changed stay as edited, still unsaved.
          current.setInitialValues(valuesOf(settings));
          current.setValues(rebase(current.getValues(), valuesOf(from), valuesOf(settings)));
        },
      },
    }),
    { input: { etag: initial.etag } },
  );

  const values = form.getValues();
  const draft = documentOf(values);
  const errors: Record<string, string | undefined> = { ...validate(values), ...(form.errors as Record<string, string | undefined>) };
  const counts = errorCountsOf(errors);
  const dirty = form.isDirty() || uploads > 0;
  const saving = state.matches('saving');

  const submit = form.onSubmit((submitted) => {
    const patch = patchOf(documentOf(submitted), base);
    if (Object.keys(patch).length === 0) markSaved(form, valuesOf(base));
    else send({ type: 'SAVE', patch });
  });

  return (
    <Box className={classes.columns}>
      <div>
        <Stack gap="md">
          <TabLinks label={t`Sign-in experience tabs`}>
            {signInExperienceTabs.map((segment) => (
              <LinkButton key={segment} to="/$tenantId/sign-in-experience/$tab" params={{ tenantId, tab: segment }} {...tabLinkProps}>
                <TabLabel tab={segment} count={counts[segment]} />
              </LinkButton>
            ))}
          </TabLinks>
          <Text fz="sm" c="dimmed">
            <Trans>What you set here applies to the tenant's sign-in pages as soon as you save.</Trans>
          </Text>
          {!state.matches('idle') && !state.matches('saving') && (
            <Suspense fallback={null}>
              <SaveView state={state} send={send} before={base} />
            </Suspense>
          )}
          <DetailsForm
            dirty={dirty}
            saving={saving}
            onSubmit={submit}
            onDiscard={() => form.reset()}
            staysOn={(pathname) => pathname.includes(`/${tenantId}/sign-in-experience`)}
          >
            {tab === 'branding' && <BrandingTab form={form} onUploading={(running) => setUploads((count) => count + (running ? 1 : -1))} />}
            <Suspense fallback={<Loader size="sm" aria-label={t`Loading`} />}>
              {tab === 'sign-up-and-sign-in' && <SignUpSignInTab form={form} errors={errors} connectors={connectors} />}
              {tab === 'content' && <ContentTab form={form} />}
              {tab === 'password-policy' && <PasswordPolicyTab form={form} />}
            </Suspense>
          </DetailsForm>
        </Stack>
      </div>
      <div>
        <Stack gap="md">
          <Suspense fallback={null}>
            <PreviewPanel draft={draft} screen={tab === 'password-policy' ? 'register' : 'sign_in'} liveUrl={dirty ? undefined : tryItUrl} />
            {tryIt ? (
              <TryItPanel onUrl={setTryItUrl} />
            ) : (
              <Button variant="default" aria-expanded={false} onClick={() => setTryIt(true)} style={{ alignSelf: 'flex-start' }}>
                <Trans>Try it</Trans>
              </Button>
            )}
          </Suspense>
        </Stack>
      </div>
    </Box>
  );
}
