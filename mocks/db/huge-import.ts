import { takeItemIds } from '../imports/model';
import { createItem, DEFAULT_ACCEPT, IMPORT_ITEM_STATUS, type ImportJob } from './imports';
import type { Db } from './index';
import { createRandom, isoDaysBefore } from './random';
import { createTaxonomy } from './tree';
import { USER_IDS } from './users';

/**
 * Adds an open job of `count` ready items for alice (`POST /__mock/imports/huge`), for scale tests
 * of the job page (issue 22's bench). Not seeded: the seeded jobs stay the same.
 */
export function addHugeImportJob(db: Db, count: number): ImportJob {
  const rand = createRandom(7_002);
  const taxonomy = createTaxonomy();
  const id = Math.max(0, ...db.importJobs.map((job) => job.id)) + 1;
  for (const itemId of takeItemIds(db, count)) {
    db.importItems.push(createItem(itemId, id, IMPORT_ITEM_STATUS.ready, 1, rand, taxonomy));
  }
  const job: ImportJob = {
    id,
    name: `Huge import (${count} items)`,
    description: 'For scale tests',
    status: 'open',
    activated: true,
    jobowner: USER_IDS.alice,
    created: isoDaysBefore(2),
    modified: isoDaysBefore(1),
    subjobs: [],
    itemResource: 'asset',
    accept: [...DEFAULT_ACCEPT],
  };
  db.importJobs.push(job);
  return job;
}
