import { caseReducer } from '../core/case-reducer';
import { onToldFacts } from '../tabs/told-facts-events';
import { commandCases } from './command-reducer';
import { itemCases } from './item-reducer';
import { jobCases } from './job-reducer';
import type { ImportsState } from './state';
import { importSharedFacts } from './tab-facts';
import { uploadCases } from './upload-reducer';

// The cases keep the order they had in one list: a type handled twice runs its cases in that order.
const cases = [...jobCases, ...itemCases, ...commandCases, ...uploadCases];

export const importsReducer = caseReducer<ImportsState>(
  ...cases,
  // a command another tab started, and what the tab that polls for all found of it (issue 25)
  onToldFacts(importSharedFacts, caseReducer<ImportsState>(...cases)),
);
