/**
 * The files a worker thread holds open, noted where its pool reads them (issue 27): a thread
 * stopped at its time limit cannot close its files, and they belong to the process, so the pool
 * closes what is left. A few slots of a shared array: a zip holds its own file and one entry.
 * No Node import here: the pool's module is also bundled for the demo in a browser.
 */
const SLOTS = 4;
const FREE = -1;

/** The shared slots of a new thread (its `workerData.heldFiles`). */
export function newHeldFiles(): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT);
  new Int32Array(shared).fill(FREE);
  return shared;
}

/** Notes a file just opened; throws when every slot is taken (the caller closes it). */
export function noteOpen(shared: SharedArrayBuffer, fd: number): void {
  const slots = new Int32Array(shared);
  const free = slots.indexOf(FREE);
  if (free < 0) throw new Error(`A worker thread may hold ${SLOTS} files open at most`);
  Atomics.store(slots, free, fd);
}

export function noteClosed(shared: SharedArrayBuffer, fd: number): void {
  const slots = new Int32Array(shared);
  const slot = slots.indexOf(fd);
  if (slot >= 0) Atomics.store(slots, slot, FREE);
}

/** The files a stopped thread left open, its slots freed. */
export function takeLeftOpen(shared: SharedArrayBuffer): number[] {
  const slots = new Int32Array(shared);
  const left = [...slots].filter((fd) => fd !== FREE);
  slots.fill(FREE);
  return left;
}
