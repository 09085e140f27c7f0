import { fromPromise } from 'xstate';
import { uploaderMachine, type UploadRequest } from '../../../machines/uploader.machine.ts';

export type UploaderDependencies = {
  /** Uploads the file; the signal aborts it when the upload is cancelled or the page goes away. */
  upload: (file: Blob, signal: AbortSignal) => Promise<{ url: string }>;
  onUploaded: (url: string) => void;
};

/** The uploader with its real effects: POST me/user-assets, then the caller's use of the URL. */
export function provideUploaderMachine(deps: UploaderDependencies) {
  return uploaderMachine.provide({
    actors: {
      uploadFile: fromPromise<{ url: string }, UploadRequest>(({ input, signal }) => deps.upload(input.file, signal)),
    },
    actions: {
      notifyUploaded: (_, url: string) => deps.onUploaded(url),
    },
  });
}
