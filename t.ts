import { createTaxonomy } from './mocks/db/tree.ts';
import { createAssets } from './mocks/db/assets.ts';
const tx = createTaxonomy();
for (let k=0;k<3;k++){ const t = performance.now(); createAssets(100000, tx, ['A B', 'C D']); console.log('100k ms', performance.now() - t);}
