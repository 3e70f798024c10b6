import { combineEpics, type Epic } from '../../../streams/core/epic';
import * as cursorsEpics from '../../../streams/cursors/epics';
import * as queriesEpics from '../../../streams/queries/epics';
import type { RootState } from '../../../streams/root';
import * as schemasEpics from '../../../streams/schemas/epics';

/** The epics a list needs: its own, its query's and the schemas'. */
export const listEpics: Epic<RootState> = combineEpics<RootState>(
  ...Object.values(cursorsEpics),
  ...Object.values(queriesEpics),
  ...Object.values(schemasEpics),
);
