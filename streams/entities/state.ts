import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { Candidate, MoreChildren, Variation } from './events';
import type { EntityId } from './model';

/** One entity (protocol §12.2): the server's row once loaded. */
export interface EntityEntry {
  path: string;
  id: EntityId;
  status: Status;
  data: Record<string, unknown> | null;
  /** its name, or the placeholder `ID #{id} NOT FOUND` / `FAILED ON ID #{id}` */
  name: string;
  error: SerializedError | null;
  /** the status before a running patch, given back when it fails */
  previousStatus: Status | null;
}

/** The last write asked on one entity (or a creation on a path), for the screen that asked. */
export interface WriteEntry {
  operation: 'create' | 'update' | 'patch' | 'delete' | 'workflow' | 'save';
  status: Status;
  /** protocol §12.2 text of a failure */
  message: string | null;
  error: SerializedError | null;
  /** with `error`: the id of the request that failed (the outbox may have kept it) */
  requestId?: string;
}

/** A local set of changed properties per path and id (protocol §12.2). */
export interface DraftEntry {
  path: string;
  id: EntityId;
  changes: Record<string, unknown>;
  /** the time of the first change */
  since: number;
}

export interface MoreValuesEntry {
  status: Status;
  error: SerializedError | null;
  /** the last `$moreChildren_{field}` answered (paging: nextToken, hasMoreResults...) */
  info: MoreChildren | null;
}

export interface VariationsEntry {
  status: Status;
  variations: Variation[] | null;
  error: SerializedError | null;
}

export interface VariationDetailEntry {
  status: Status;
  /** `response.data.$asset.variation` */
  detail: unknown;
  /** `response.data.$asset.variations[0]` */
  sizes: unknown;
  error: SerializedError | null;
}

interface FacesPreviewEntry {
  status: Status;
  faces: Record<string, unknown> | null;
  error: SerializedError | null;
}

export interface LookupEntry {
  status: Status;
  path: string;
  text: string;
  candidates: Candidate[];
  error: SerializedError | null;
}

/** The entities slice: entities and drafts per path and id (protocol §12). */
export interface EntitiesState {
  byKey: Record<string, EntityEntry>;
  writes: Record<string, WriteEntry>;
  drafts: Record<string, DraftEntry>;
  /** the last refused draft update, in the spec's words */
  draftRefusal: string | null;
  /** more values of a field, keyed `${entityKey}|${field}[/${sub}]` */
  more: Record<string, MoreValuesEntry>;
  /** keyed `${resource}|${id}` */
  variations: Record<string, VariationsEntry>;
  /** keyed `${entityKey}|${variation}` */
  variationDetails: Record<string, VariationDetailEntry>;
  facesPreview: Record<string, FacesPreviewEntry>;
  lookups: Record<string, LookupEntry>;
  /** names of related entities by path, then id */
  names: Record<string, Record<string, string>>;
  /** where the names of ids stand, by path then id: asked ids are not asked again, failed ones are */
  namesAsked: Record<string, Record<string, NameAsk>>;
}

export type NameAsk = 'asking' | 'answered' | 'failed';

export const initialEntitiesState: EntitiesState = {
  byKey: {},
  writes: {},
  drafts: {},
  draftRefusal: null,
  more: {},
  variations: {},
  variationDetails: {},
  facesPreview: {},
  lookups: {},
  names: {},
  namesAsked: {},
};
