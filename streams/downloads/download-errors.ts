import type { SerializedError } from '../core/errors';
import type { DownloadInfos } from './api';

/** The errors the download flow raises itself, with the spec's messages (seed 000 §8, protocol §7.2). */
export const downloadErrors = {
  unknown: (downloadId: string): SerializedError => ({
    code: 'error.download.unknown',
    message: `Unknown download downloadId='${downloadId}'`,
  }),
  unexpectedStatus: (status: string, downloadId: string): SerializedError => ({
    code: 'error.download.unexpectedStatus',
    message: `Unexpected status (${status}) for download (${downloadId})`,
  }),
  notFetching: (status: string, downloadId: string): SerializedError => ({
    code: 'error.download.notFetching',
    message: `Unexpected status of download#${downloadId}: '${status}' was expecting fetching`,
  }),
  vanished: (downloadId: string): SerializedError => ({
    code: 'error.download.unknown',
    message: `Unexpected 'unknown' status for download#${downloadId}.`,
  }),
  refused: (infos: DownloadInfos): SerializedError => ({
    code: 'error.download.refused',
    message: `The download is ${infos.size} bytes, more than the ${infos.maxSize} bytes the server allows, and splitting is off`,
  }),
  nothingFits: (maxSize: number): SerializedError => ({
    code: 'error.download.nothingFits',
    message: `No item of the download is ${maxSize} bytes or smaller: nothing can be downloaded`,
  }),
  /** the browser got a page instead of the zip (the zip's url answered an error, or no answer) */
  browserFetch: (cause: SerializedError): SerializedError => ({
    code: 'error.download.fetch',
    message: `The browser could not fetch the zip: ${cause.message}`,
  }),
  unsplittable: (): SerializedError => ({
    code: 'error.download.unsplittable',
    message: 'The server refuses the download and it cannot be split into smaller parts',
  }),
};
