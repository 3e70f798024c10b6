import { declareWrites } from '../outbox/events';
import {
  draftSaved,
  draftSaveFailed,
  draftSaveRequested,
  patched,
  patchFailed,
  patchRequested,
} from './events';
import { type EntityId, isNumericId } from './model';

/**
 * The metadata writes the outbox keeps (issue 25). Saving the draft of an asset that exists, or
 * patching its fields, writes the same values when done twice: they go again without a read (the
 * draft itself survives a reload in storage, and is what is saved). Not kept: the save of an
 * asset not created yet (done twice, it would make two), deletions and workflow steps (not
 * checked yet).
 */
declareWrites([
  {
    domain: 'entities',
    intent: draftSaveRequested,
    answers: [draftSaved],
    failures: [draftSaveFailed],
    keeps: (payload: { id: EntityId }) => isNumericId(payload.id),
    label: (payload: { id: EntityId }) => ({
      key: 'outbox.entities.save',
      values: { id: String(payload.id) },
    }),
  },
  {
    domain: 'entities',
    intent: patchRequested,
    answers: [patched],
    failures: [patchFailed],
    label: (payload: { id: EntityId }) => ({
      key: 'outbox.entities.save',
      values: { id: String(payload.id) },
    }),
  },
]);
