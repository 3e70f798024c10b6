/** Pure helpers of the imports that views use too (no config, no clock of their own). */

let uploadCounter = 0;

/**
 * A temporary upload id `{epoch ms}_{n}` (protocol §15.2): the view keeps the File in
 * `deps.files` under it and dispatches `imports/filesAdded` with it. `now` is the caller's clock.
 */
export function temporaryUploadId(now: number): string {
  uploadCounter += 1;
  return `${now}_${uploadCounter}`;
}
