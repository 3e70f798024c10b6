import type { FilesPort } from '../../streams/core/deps';
import { usePortal } from '../app/store-context';

let fallbackCount = 0;
/** Without the live files port (view tests), ids only: nothing will send these files. */
const idsOnly: Pick<FilesPort, 'add'> = {
  add() {
    fallbackCount += 1;
    return `${Date.now()}_${fallbackCount}`;
  },
};

/** Where a chosen File waits for its upload (`deps.files`): the epics read it back by its temporary id. */
export function useFileStore(): Pick<FilesPort, 'add'> {
  return usePortal().files ?? idsOnly;
}
