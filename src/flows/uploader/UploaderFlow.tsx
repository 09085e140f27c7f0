import { useEffect, useRef } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { uploaderMachine, type UploadRequest } from '#machines/uploader.machine.ts';
import { UploaderView } from './UploaderView.tsx';
import { profileApi } from '#src/api/me.ts';

/**
 * Uploading one image to the user's assets; the limit follows the server's service status. `onBusy` tells when an
 * upload starts and ends (a form counts as unsaved meanwhile).
 */
export function UploaderFlow({ onUploaded, onBusy, target }: { onUploaded: (url: string) => void; onBusy?: (busy: boolean) => void; target?: string }) {
  const { api } = useRouteContext({ from: '__root__' });
  const [state, send] = useMachine(
    uploaderMachine.provide({
      actors: {
        uploadFile: fromPromise<{ url: string }, UploadRequest>(({ input, signal }) =>
          profileApi(api).uploadUserAsset(input.file, { signal, hideErrorToast: true }),
        ),
      },
      actions: { notifyUploaded: (_, url: string) => onUploaded(url) },
    }),
  );
  useEffect(() => {
    profileApi(api).getUserAssetsServiceStatus().then(({ maxUploadFileSize }) => send({ type: 'SERVER_LIMIT', maxUploadFileSize }), () => {});
  }, [api, send]);
  const busy = state.matches('uploading');
  const onBusyRef = useRef(onBusy);
  onBusyRef.current = onBusy;
  useEffect(() => {
    if (!busy) return;
    onBusyRef.current?.(true);
    return () => onBusyRef.current?.(false);
  }, [busy]);
  return <UploaderView state={state} send={send} target={target} />;
}
