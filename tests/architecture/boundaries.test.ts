import { describe, expect, it } from 'vitest';
import { boundaryViolations, readSources } from './import-graph';

const sources = readSources(process.cwd(), ['streams', 'src']);

describe('architecture boundaries (ARCHITECTURE.md "Layout")', () => {
  it('the portal keeps every rule', () => {
    expect(boundaryViolations(sources)).toEqual([]);
  });

  it('every domain folder has a manifest', () => {
    const domains = new Set([...sources.keys()].map((path) => /^streams\/([^/]+)\//.exec(path)?.[1]));
    const missing = [...domains].filter(
      (domain) =>
        domain && !['core', 'recorder'].includes(domain) && !sources.has(`streams/${domain}/domain.ts`),
    );
    expect(missing).toEqual([]);
  });
});

describe('architecture boundaries: a planted violation fails', () => {
  const plant = (files: Record<string, string>) => boundaryViolations(new Map(Object.entries(files)));

  it("a domain importing another domain's reducer", () => {
    expect(
      plant({
        'streams/a/epics.ts': "import { bReducer } from '../b/reducer';",
        'streams/b/reducer.ts': 'export const bReducer = 1;',
      }),
    ).toEqual([
      'streams/a/epics.ts imports streams/b/reducer.ts: a domain reads another only through its events and selectors',
    ]);
  });

  it("a domain importing another domain's events and selectors is fine", () => {
    expect(
      plant({
        'streams/a/epics.ts': "import { x } from '../b/events';\nimport { selectY } from '../b/selectors';",
        'streams/b/events.ts': 'export const x = 1;',
        'streams/b/selectors.ts': 'export const selectY = 1;',
      }),
    ).toEqual([]);
  });

  it('a view importing epics or api', () => {
    expect(
      plant({
        'src/a/view.tsx':
          "import { load } from '../../streams/a/epics';\nimport { call } from '../../streams/a/share-api';",
        'streams/a/epics.ts': '',
        'streams/a/share-api.ts': '',
      }),
    ).toHaveLength(2);
  });

  it('a reducer reading config, directly or through a helper, or the clock', () => {
    const violations = plant({
      'streams/a/reducer.ts': "import { rows } from './rows';\nexport const now = () => Date.now();",
      'streams/a/rows.ts': "import { config } from '../core/config';",
      'streams/core/config.ts': 'export const config = {};',
    });
    expect(violations).toEqual([
      'streams/a/reducer.ts: a fold never reads a clock or randomness',
      'streams/a/reducer.ts → streams/a/rows.ts → streams/core/config.ts: a fold never reads config',
    ]);
  });

  it('a type-only import of config in a selector is no read', () => {
    expect(
      plant({
        'streams/a/selectors.ts': "import type { Config } from '../core/config';",
        'streams/core/config.ts': 'export const config = {};',
      }),
    ).toEqual([]);
  });

  it('streams importing React or src', () => {
    expect(
      plant({
        'streams/a/selectors.ts': "import { useMemo } from 'react';\nimport { t } from '../../src/i18n/t';",
        'src/i18n/t.ts': '',
      }),
    ).toHaveLength(2);
  });

  it('a circular import, even of types only', () => {
    expect(
      plant({
        'streams/a/reducer.ts': "import type { Row } from './rows';",
        'streams/a/rows.ts': "import { initial } from './reducer';",
      }),
    ).toEqual(['circular imports: streams/a/reducer.ts ↔ streams/a/rows.ts']);
  });

  it('the kernel importing a domain, and root importing more than manifests', () => {
    expect(
      plant({
        'streams/core/store.ts': "import { x } from '../a/events';",
        'streams/root.ts': "import { aDomain } from './a/domain';\nimport { aReducer } from './a/reducer';",
        'streams/a/events.ts': '',
        'streams/a/domain.ts': '',
        'streams/a/reducer.ts': '',
      }),
    ).toEqual([
      'streams/core/store.ts imports streams/a/events.ts: the kernel never imports a domain',
      'streams/root.ts imports streams/a/reducer.ts: root lists manifests (and initial states) only',
    ]);
  });
});
