import { useEffect } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { UploaderView } from './UploaderView.tsx';
import { provideUploaderMachine } from './provide.ts';

/** Uploading one image to the user's assets; the limit follows the server's service status. */
export function UploaderFlow({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { api } = useRouteContext({ from: '__root__' });
  const [state, send] = useMachine(
    provideUploaderMachine({
      upload: (file, signal) => api.profile.uploadUserAsset(file, { signal, hideErrorToast: true }),
      onUploaded,
    }),
  );
  useEffect(() => {
    api.profile.getUserAssetsServiceStatus().then(({ maxUploadFileSize }) => send({ type: 'SERVER_LIMIT', maxUploadFileSize }), () => {});
  }, [api, send]);
  return <UploaderView state={state} send={send} />;
}
