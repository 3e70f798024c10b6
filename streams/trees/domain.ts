import { defineDomain } from '../core/domain';
import { refuseUnknownTreeFetch, registerTree, resolveTree, scheduleTreeFetch } from './epics';
import { page } from './endpoints';
import { autoloadTreePages, replayPostponedTreeFetch, revealTreeNode } from './fetch-epics';
import { treesReducer } from './reducer';
import { initialTreesState } from './state';

export const treesDomain = defineDomain({
  name: 'trees',
  initialState: initialTreesState,
  reducer: treesReducer,
  epics: {
    registerTree,
    resolveTree,
    refuseUnknownTreeFetch,
    scheduleTreeFetch,
    autoloadTreePages,
    loadTreePage: page.epic,
    replayPostponedTreeFetch,
    revealTreeNode,
  },
});
