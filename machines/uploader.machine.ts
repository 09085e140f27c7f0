import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { userAssetMaxFileSize, userAssetMimeTypes } from '../schemas/profile.ts';

/** The file extensions of the allowed types (schemas/profile.ts userAssetMimeTypes), as the errors name them. */
export const userAssetExtensions = ['.svg', '.png', '.jpg', '.jpeg', '.ico'] as const;
import { errorOf, messageOf, provided } from './errors.ts';

/** What the uploader needs of a picked file (a browser File has all three). */
export type UploadFile = Blob & { readonly name: string };

export type UploadError =
  | { kind: 'fileCount' }
  | { kind: 'fileType'; extensions: readonly string[] }
  | { kind: 'fileSize'; limit: number }
  | { kind: 'failed'; message: string };

export type UploaderContext = {
  /** The smaller of 500 KB and the server's limit (spec 01 §5). */
  maxSize: number;
  file?: UploadFile;
  url?: string;
  error?: UploadError;
};

export type UploadRequest = { file: UploadFile };

/** The smaller of 500 KB and the server's upload limit, when it has one. */
export const uploadLimitOf = (serverLimit: number | undefined) => Math.min(userAssetMaxFileSize, serverLimit ?? userAssetMaxFileSize);

/** An aborted request (the user cancelled, or the page went away) is ignored. */
export const isAbortError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || (error.cause !== undefined && isAbortError(error.cause)));

const isAllowedType = (type: string) => (userAssetMimeTypes as readonly string[]).includes(type);

/** Why the picked files cannot be uploaded, if they cannot. */
export function rejectionOf(files: readonly UploadFile[], maxSize: number): UploadError | undefined {
  if (files.length !== 1) return { kind: 'fileCount' };
  const [file] = files;
  if (!isAllowedType(file.type)) return { kind: 'fileType', extensions: userAssetExtensions };
  if (file.size > maxSize) return { kind: 'fileSize', limit: maxSize };
  return undefined;
}


type Select = { type: 'SELECT'; files: readonly UploadFile[] };
const selection = ({ context, event }: { context: UploaderContext; event: Select }) => rejectionOf(event.files, context.maxSize);

const uploaderSetup = setup({
  types: {
    context: {} as UploaderContext,
    events: {} as Select | { type: 'SERVER_LIMIT'; maxUploadFileSize?: number } | { type: 'CANCEL' } | { type: 'RESET' },
  },
  actors: {
    uploadFile: fromPromise<{ url: string }, UploadRequest>(provided('uploadFile')),
  },
  actions: {
    /** The uploaded file's URL, for the caller (the avatar saves it). */
    notifyUploaded: (_args, _url: string) => {},
  },
  guards: {
    isRejected: ({ context, event }) => event.type === 'SELECT' && selection({ context, event }) !== undefined,
    isAborted: (_, error: unknown) => isAbortError(error),
  },
});

/** Picking files: a rejected pick is an error naming why, an accepted one starts the upload. */
const selectTransitions = [
  {
    guard: 'isRejected',
    target: '#uploader.error',
    actions: uploaderSetup.assign({ error: ({ context, event }) => (event.type === 'SELECT' ? selection({ context, event }) : undefined) }),
  },
  {
    target: '#uploader.uploading',
    actions: uploaderSetup.assign(({ event }) => ({ file: event.type === 'SELECT' ? event.files[0] : undefined, error: undefined, url: undefined })),
  },
] as const;

/** Uploading one image (spec 01 §4 uploader, §5 avatar upload): idle, uploading, error, complete. */
export const uploaderMachine = uploaderSetup.createMachine({
  id: 'uploader',
  context: { maxSize: userAssetMaxFileSize },
  initial: 'idle',
  on: {
    SERVER_LIMIT: { actions: assign({ maxSize: ({ event }) => uploadLimitOf(event.maxUploadFileSize) }) },
  },
  states: {
    idle: {
      on: { SELECT: selectTransitions },
    },
    uploading: {
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file as UploadFile }),
        onDone: {
          target: 'complete',
          actions: [assign({ url: ({ event }) => event.output.url }), { type: 'notifyUploaded', params: ({ event }) => event.output.url }],
        },
        onError: [
          { guard: { type: 'isAborted', params: errorOf }, target: 'idle' },
          { target: 'error', actions: assign({ error: ({ event }) => ({ kind: 'failed' as const, message: messageOf(event.error) }) }) },
        ],
      },
      // Leaving the state stops the request; its late answer is ignored.
      on: { CANCEL: 'idle' },
    },
    error: {
      on: { SELECT: selectTransitions, RESET: 'idle' },
    },
    complete: {
      on: { SELECT: selectTransitions, RESET: 'idle' },
    },
  },
});

export type UploaderSnapshot = SnapshotFrom<typeof uploaderMachine>;
export type UploaderEvent = EventFromLogic<typeof uploaderMachine>;
export type UploaderState = UploaderSnapshot['value'];
