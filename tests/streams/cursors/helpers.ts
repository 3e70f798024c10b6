import { domainEpics, type Epic } from '../../../streams/core/epic';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { queriesDomain } from '../../../streams/queries/domain';
import type { RootState } from '../../../streams/root';
import { schemasDomain } from '../../../streams/schemas/domain';

/** The epics a list needs: its own, its query's and the schemas'. */
export const listEpics: Epic<RootState> = domainEpics<RootState>(cursorsDomain, queriesDomain, schemasDomain);
