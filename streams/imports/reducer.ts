import { caseReducer } from '../core/case-reducer';
import { commandCases } from './command-reducer';
import { itemCases } from './item-reducer';
import { jobCases } from './job-reducer';
import type { ImportsState } from './state';
import { uploadCases } from './upload-reducer';

// The cases keep the order they had in one list: a type handled twice runs its cases in that order.
export const importsReducer = caseReducer<ImportsState>(
  ...jobCases,
  ...itemCases,
  ...commandCases,
  ...uploadCases,
);
