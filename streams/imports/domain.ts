import { defineDomain } from '../core/domain';
import {
  addSubJobs,
  changeOwner,
  countAnalyzing,
  countByStatus,
  countItems,
  createJob,
  deleteJob,
  fetchChanges,
  fetchJob,
  fetchList,
  fetchWords,
  refuseNamelessList,
  refreshCounts,
  runJobWorkflow,
} from './job-epics';
import {
  addItems,
  deleteItems,
  fetchChangedItems,
  fetchItems,
  fetchWorkflowList,
  followAnalyzingItems,
  runItemsWorkflow,
  searchItems,
  transferItems,
} from './item-epics';
import { patchItems, pollCommands, putCommands } from './command-epics';
import { fetchShownItems, searchWhenUploadsDone } from './page-epics';
import { countAfterUpload, scheduleUploads, sendUploads, setConcurrency } from './upload-epics';
import { persistUploads, restoreUploads, restoreUploadsOnStart } from './persistence-epics';
import { importsReducer } from './reducer';
import { initialImportsState } from './state';
import { importSharedFacts } from './tab-facts';

export const importsDomain = defineDomain({
  name: 'imports',
  initialState: initialImportsState,
  reducer: importsReducer,
  epics: {
    refuseNamelessList,
    fetchList,
    fetchJob,
    createJob,
    deleteJob,
    changeOwner,
    addSubJobs,
    countItems,
    countAnalyzing,
    countByStatus,
    fetchWords,
    fetchChanges,
    runJobWorkflow,
    refreshCounts,
    searchItems,
    fetchItems,
    transferItems,
    deleteItems,
    runItemsWorkflow,
    putCommands,
    patchItems,
    addItems,
    fetchWorkflowList,
    pollCommands,
    setConcurrency,
    scheduleUploads,
    sendUploads,
    countAfterUpload,
    fetchChangedItems,
    followAnalyzingItems,
    fetchShownItems,
    searchWhenUploadsDone,
    restoreUploads,
    restoreUploadsOnStart,
    persistUploads,
  },
  shares: importSharedFacts,
});

// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';
