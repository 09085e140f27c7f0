import { describe, expect, it } from 'vitest';
import { uploaderMachine, uploadLimitOf, userAssetExtensions, type UploadFile } from '#machines/uploader.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof uploaderMachine>;
type Event = ModelEvent<typeof uploaderMachine>;

const file = (name: string, type: string, size: number): UploadFile => new File([new Uint8Array(size)], name, { type });
const png = file('me.png', 'image/png', 1000);
const gif = file('me.gif', 'image/gif', 1000);
const large = file('big.png', 'image/png', 300 * 1024);
const aborted = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
const failed = new Error('Service unavailable');

const events: Event[] = [
  { type: 'SELECT', files: [png] },
  { type: 'SELECT', files: [png, png] },
  { type: 'SELECT', files: [gif] },
  { type: 'SELECT', files: [large] },
  { type: 'SERVER_LIMIT', maxUploadFileSize: 200 * 1024 },
  { type: 'CANCEL' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.uploadFile', output: { url: 'https://example.com/me.png' } },
  { type: 'xstate.error.actor.uploadFile', error: aborted },
  { type: 'xstate.error.actor.uploadFile', error: failed },
];

const drivers = { SELECT: sendEvent, SERVER_LIMIT: sendEvent, CANCEL: sendEvent, RESET: sendEvent } satisfies EventDrivers<typeof uploaderMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
const serverLimited = (walk: Walk) => walk.events.some((event) => event.type === 'SERVER_LIMIT');

const walk = createModelWalk({
  machine: uploaderMachine,
  scenarios: { 'avatar upload': undefined },
  events,
  drivers,
  states: {
    idle: (walk) => {
      // An aborted upload ends silently: no error, nothing reported.
      if (lastEvent(walk)?.type === 'xstate.error.actor.uploadFile') expect(walk.snapshot.context.error).toBeUndefined();
      expect(walk.snapshot.context.maxSize).toBe(serverLimited(walk) ? 200 * 1024 : 500 * 1024);
    },
    uploading: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'uploadFile', value: { file: png } });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    error: (walk) => {
      const last = lastEvent(walk);
      const { error, maxSize } = walk.snapshot.context;
      if (last?.type === 'xstate.error.actor.uploadFile') expect(error).toEqual({ kind: 'failed', message: 'Service unavailable' });
      if (last?.type === 'SELECT' && last.files.length !== 1) expect(error).toEqual({ kind: 'fileCount' });
      if (last?.type === 'SELECT' && last.files[0] === gif) expect(error).toEqual({ kind: 'fileType', extensions: userAssetExtensions });
      if (last?.type === 'SELECT' && last.files[0] === large) expect(error).toEqual({ kind: 'fileSize', limit: maxSize });
      // Only finished uploads are reported.
      const done = walk.events.filter((event) => event.type === 'xstate.done.actor.uploadFile');
      expect(walk.callsOf('notifyUploaded')).toHaveLength(done.length);
    },
    complete: (walk) => {
      expect(walk.snapshot.context.url).toBe('https://example.com/me.png');
      expect(walk.callsOf('notifyUploaded').at(-1)).toBe('https://example.com/me.png');
    },
  },
});

describeWalk('uploader machine (model paths)', walk);

describe('upload limit', () => {
  it('is the smaller of 500 KB and the server limit', () => {
    expect(uploadLimitOf(undefined)).toBe(512_000);
    expect(uploadLimitOf(10 * 1024 * 1024)).toBe(512_000);
    expect(uploadLimitOf(100_000)).toBe(100_000);
  });
});
