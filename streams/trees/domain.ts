import { defineDomain } from '../core/domain';
import {
  autoloadTreePages,
  loadTreePage,
  refuseUnknownTreeFetch,
  registerTree,
  replayPostponedTreeFetch,
  resolveTree,
  revealTreeNode,
  scheduleTreeFetch,
} from './epics';
import { initialTreesState, treesReducer } from './reducer';
import * as selectors from './selectors';

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
    loadTreePage,
    replayPostponedTreeFetch,
    revealTreeNode,
  },
  selectors,
});
