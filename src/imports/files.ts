import { useMemo } from 'react';
import { temporaryUploadId } from '../../streams/imports/selectors';
import { usePortal } from '../app/store-context';

/** Keeps a chosen File for its upload: `deps.files` under its temporary id `{epoch ms}_{n}` (protocol §15.2). */
interface FileKeeper {
  add(file: File): string;
}

/**
 * The session's files port from the portal context; the epics read a file back by its id. Without
 * it (view tests) the ids are made all the same and nothing will send these files.
 */
export function useFileStore(): FileKeeper {
  const files = usePortal().files;
  return useMemo(
    () => ({
      add(file: File) {
        const id = temporaryUploadId(Date.now());
        files?.set(id, file);
        return id;
      },
    }),
    [files],
  );
}
