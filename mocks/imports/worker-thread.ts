/**
 * The body of the demo server's worker threads (worker-pool.ts starts them through worker.mjs):
 * each task it is sent, a zip to expand, a picture to draw the thumbnail of or to scale down, is
 * run and its answer posted back, one task at a time. It imports nothing that would load the demo's database.
 */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { type ScaleJob, scalePicture } from '../media/scale';
import { type Rgba, type Thumbnail, thumbnailOf } from '../media/thumbnail';
import { expandInThread, type UnzipAnswer, type UnzipJob } from './unzip-thread';

/** A picture on disk, or its bytes (an upload handled in-process). */
type PictureSource = { path: string } | { bytes: Uint8Array };

export interface ThumbnailJob {
  source: PictureSource;
  mimetype: string;
  filename: string;
}

export type Task =
  | ({ kind: 'unzip' } & UnzipJob)
  | ({ kind: 'thumbnail' } & ThumbnailJob)
  | ({ kind: 'scale'; source: PictureSource } & ScaleJob);

type Scaled = Uint8Array | Rgba | undefined;

export type TaskAnswer<T extends Task> = T extends { kind: 'unzip' }
  ? UnzipAnswer
  : T extends { kind: 'thumbnail' }
    ? Thumbnail
    : Scaled;

/** What the thread posts: the task's answer, or why it failed. */
export type Posted = { answer: UnzipAnswer | Thumbnail | Scaled } | { failure: string };

async function run(task: Task): Promise<UnzipAnswer | Thumbnail | Scaled> {
  if (task.kind === 'unzip') return expandInThread(task);
  const bytes = 'path' in task.source ? new Uint8Array(readFileSync(task.source.path)) : task.source.bytes;
  if (task.kind === 'scale') return scalePicture(bytes, task);
  return thumbnailOf(bytes, task.mimetype, task.filename);
}

parentPort?.on('message', async (task: Task) => {
  let posted: Posted;
  try {
    posted = { answer: await run(task) };
  } catch (error) {
    posted = { failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(posted);
});
