/** Create and update rules of a field header (protocol §11.1). */
export interface FieldCud {
  create: boolean;
  update: boolean;
  mandatoryCreate: boolean;
  defaultCreate: unknown;
  mandatoryPatch: boolean;
  defaultPatch: unknown;
  createForAll: boolean;
  updateForAll: boolean;
  mandatoryStructure: boolean;
}

export type FieldType = 'string' | 'text' | 'number' | 'boolean' | 'date' | 'object' | 'array';

/** A field header (protocol §11.1), plus `label` and `aggregatable` for the search screen's facets. */
export interface FieldHeader {
  type: FieldType;
  label: string;
  tree?: boolean;
  /** related schema: the part after `/api/rest/` is its path */
  href?: string;
  i18n?: boolean;
  taborder: number;
  group: { id: number; name: string };
  position: number;
  cud: FieldCud;
  /** offered as a facet (inline aggregates of protocol §9.1) */
  aggregatable?: boolean;
}

/** A single-resource schema body as `GET /rest/{path}/headers` answers it (protocol §11.1). */
export interface SchemaBody {
  resource: string;
  name: string;
  description: string;
  create: boolean;
  tree: boolean;
  treefield: string | null;
  $security: Record<string, boolean>;
  headers: Record<string, FieldHeader>;
}

const GROUPS = {
  main: { id: 1, name: 'Main' },
  classification: { id: 2, name: 'Classification' },
  file: { id: 3, name: 'File' },
  rights: { id: 4, name: 'Rights' },
} as const;

interface FieldOptions {
  label: string;
  group: FieldHeader['group'];
  editable?: boolean;
  required?: boolean;
  defaultValue?: unknown;
  extra?: Pick<FieldHeader, 'tree' | 'href' | 'i18n' | 'aggregatable'>;
}

/** Builds the headers of one schema; taborder and position follow the order of the fields. */
function headers(fields: Record<string, [FieldType, FieldOptions]>): Record<string, FieldHeader> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, [type, options]], index) => {
      const editable = options.editable ?? true;
      const required = options.required ?? false;
      const header: FieldHeader = {
        type,
        label: options.label,
        ...options.extra,
        taborder: index + 1,
        group: options.group,
        position: index + 1,
        cud: {
          create: editable,
          update: editable,
          mandatoryCreate: required,
          defaultCreate: options.defaultValue ?? null,
          mandatoryPatch: false,
          defaultPatch: null,
          createForAll: false,
          updateForAll: editable,
          mandatoryStructure: required,
        },
      };
      return [name, header];
    }),
  );
}

const href = (path: string): string => `/api/rest/${path}`;
const { main, classification, file, rights } = GROUPS;
const readOnly = { editable: false } as const;

function schema(
  resource: string,
  name: string,
  description: string,
  fields: SchemaBody['headers'],
): SchemaBody {
  return {
    resource,
    name,
    description,
    create: true,
    tree: false,
    treefield: null,
    $security: { 'objectdata/insert': true },
    headers: fields,
  };
}

/** The read-only `code` and `name` of a list of terms (natures, concepts). */
const codeAndName = () =>
  headers({
    code: ['string', { label: 'Code', group: main, ...readOnly }],
    name: ['string', { label: 'Name', group: main, ...readOnly }],
  });

/** Schema bodies keyed by path. The asset schema is not a tree, though its `categories` field is. */
export function createSchemas(): Record<string, SchemaBody> {
  return {
    'dam/data/asset': schema(
      'asset',
      'Asset',
      'Images, videos and documents',
      headers({
        name: ['string', { label: 'Name', group: main, required: true, defaultValue: '' }],
        title: ['string', { label: 'Title', group: main, extra: { i18n: true } }],
        description: ['text', { label: 'Description', group: main, extra: { i18n: true } }],
        assetnature: [
          'object',
          {
            label: 'Nature',
            group: classification,
            ...readOnly,
            extra: { href: href('dam/data/assetnature'), aggregatable: true },
          },
        ],
        keywords: [
          'array',
          {
            label: 'Keywords',
            group: classification,
            extra: { href: href('dam/data/keyword'), aggregatable: true },
          },
        ],
        categories: [
          'array',
          {
            label: 'Categories',
            group: classification,
            extra: { tree: true, href: href('dam/data/category'), aggregatable: true },
          },
        ],
        author: ['string', { label: 'Author', group: rights, extra: { aggregatable: true } }],
        copyright: ['string', { label: 'Copyright', group: rights }],
        dteendrights: ['date', { label: 'End of rights', group: rights }],
        filename: ['string', { label: 'File name', group: file, ...readOnly }],
        mimetype: ['string', { label: 'Type', group: file, ...readOnly, extra: { aggregatable: true } }],
        filesize: ['number', { label: 'Size', group: file, ...readOnly }],
        width: ['number', { label: 'Width', group: file, ...readOnly }],
        height: ['number', { label: 'Height', group: file, ...readOnly }],
        duration: ['number', { label: 'Duration', group: file, ...readOnly }],
        created: ['date', { label: 'Created', group: file, ...readOnly }],
        modified: ['date', { label: 'Modified', group: file, ...readOnly }],
        activated: ['boolean', { label: 'Active', group: main, defaultValue: true }],
      }),
    ),
    'dam/data/category': {
      ...schema(
        'category',
        'Category',
        'The category tree',
        headers({
          name: ['string', { label: 'Name', group: main, required: true, defaultValue: '' }],
          parent: [
            'object',
            { label: 'Parent', group: main, extra: { tree: true, href: href('dam/data/category') } },
          ],
          position: ['number', { label: 'Position', group: main }],
          activated: ['boolean', { label: 'Active', group: main, defaultValue: true }],
        }),
      ),
      tree: true,
      treefield: 'parent',
    },
    'dam/data/keyword': schema(
      'keyword',
      'Keyword',
      'Keywords of assets',
      headers({ name: ['string', { label: 'Name', group: main, required: true, defaultValue: '' }] }),
    ),
    'dam/data/assetnature': schema('assetnature', 'Nature', 'Natures of assets', codeAndName()),
    'dam/data/ai_concepts': schema(
      'ai_concepts',
      'Concept',
      'What the image analysis recognised (protocol §22)',
      codeAndName(),
    ),
    profil: schema(
      'user',
      'Profile',
      'The signed-in user',
      headers({
        firstname: ['string', { label: 'First name', group: main, required: true, defaultValue: '' }],
        lastname: ['string', { label: 'Last name', group: main, required: true, defaultValue: '' }],
        email: ['string', { label: 'E-mail', group: main, required: true, defaultValue: '' }],
        bolang: ['string', { label: 'Language', group: main }],
        login: ['string', { label: 'Login', group: main, ...readOnly }],
      }),
    ),
  };
}
