import { Alert, FileButton, Group, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UploaderEvent, UploaderSnapshot, UploadError } from '#machines/uploader.machine.ts';
import { userAssetMimeTypes } from '#schemas/profile.ts';
import { Button } from '#src/ui/Button.tsx';

export type UploaderViewProps = {
  state: UploaderSnapshot;
  send: (event: UploaderEvent) => void;
  /** What the image is for, when a page has several uploads: it names the button. */
  target?: string;
};

function useErrorMessage() {
  const { t } = useLingui();
  return (error: UploadError) => {
    switch (error.kind) {
      case 'fileCount':
        return t`Choose exactly one file.`;
      case 'fileType': {
        const extensions = error.extensions.join(', ');
        return t`This file type is not allowed. Allowed types: ${extensions}`;
      }
      case 'fileSize': {
        const limit = `${Math.round(error.limit / 1024)} KB`;
        return t`The file is too large. The limit is ${limit}.`;
      }
      case 'failed': {
        const { message } = error;
        return t`Upload failed: ${message}`;
      }
    }
  };
}

/** Picking and uploading one image; errors name why the file was refused. */
export function UploaderView({ state, send, target }: UploaderViewProps) {
  const { t } = useLingui();
  const errorMessage = useErrorMessage();
  const uploading = state.matches('uploading');
  const { error } = state.context;
  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="xs">
        <FileButton multiple accept={userAssetMimeTypes.join(',')} onChange={(files) => send({ type: 'SELECT', files })}>
          {(props) => (
            <Button variant="default" size="xs" loading={uploading} aria-label={target ? t`Upload image: ${target}` : undefined} {...props}>
              <Trans>Upload image</Trans>
            </Button>
          )}
        </FileButton>
        {uploading && (
          <Button variant="subtle" size="xs" onClick={() => send({ type: 'CANCEL' })}>
            <Trans>Cancel upload</Trans>
          </Button>
        )}
      </Group>
      {state.matches('error') && error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={t`Dismiss`} onClose={() => send({ type: 'RESET' })}>
          {errorMessage(error)}
        </Alert>
      )}
    </Stack>
  );
}
