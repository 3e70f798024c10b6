import type { Lang } from '../entities/workflow';

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

/**
 * A field header (protocol §11.1), plus `label` and `aggregatable` for the search screen's facets.
 * `label` and `group.name` are English; `translations` holds the other languages, and an answer
 * carries the request's (`lang`, protocol §1.4: `headersIn`).
 */
export interface FieldHeader {
  type: FieldType;
  label: string;
  translations: Partial<Record<Lang, { label: string; group: string }>>;
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

/** A field header as an answer carries it: `label` and `group.name` in one language. */
type WireFieldHeader = Omit<FieldHeader, 'translations'>;

/**
 * The headers in the request's language (protocol §1.4: every call carries `lang`, and the real
 * service names fields and groups in it); a language without a translation gets the English.
 */
export function headersIn(headers: Record<string, FieldHeader>, lang: Lang): Record<string, WireFieldHeader> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, { translations, ...header }]) => {
      const translation = translations[lang];
      if (!translation) return [name, header];
      return [
        name,
        { ...header, label: translation.label, group: { ...header.group, name: translation.group } },
      ];
    }),
  );
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

/** The groups of fields, named in English, and in French as the schema of the real service names them. */
const GROUPS = {
  main: { id: 1, name: 'Main', fr: 'Général' },
  classification: { id: 2, name: 'Classification', fr: 'Classement' },
  file: { id: 3, name: 'File', fr: 'Fichier' },
  rights: { id: 4, name: 'Rights', fr: 'Droits' },
} as const;

interface FieldOptions {
  label: string;
  /** the label in French */
  fr: string;
  group: (typeof GROUPS)[keyof typeof GROUPS];
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
        translations: { fr: { label: options.fr, group: options.group.fr } },
        ...options.extra,
        taborder: index + 1,
        group: { id: options.group.id, name: options.group.name },
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
    code: ['string', { label: 'Code', fr: 'Code', group: main, ...readOnly }],
    name: ['string', { label: 'Name', fr: 'Nom', group: main, ...readOnly }],
  });

/** Schema bodies keyed by path. The asset schema is not a tree, though its `categories` field is. */
export function createSchemas(): Record<string, SchemaBody> {
  return {
    'dam/data/asset': schema(
      'asset',
      'Asset',
      'Images, videos and documents',
      headers({
        name: ['string', { label: 'Name', fr: 'Nom', group: main, required: true, defaultValue: '' }],
        title: ['string', { label: 'Title', fr: 'Titre', group: main, extra: { i18n: true } }],
        description: [
          'text',
          { label: 'Description', fr: 'Description', group: main, extra: { i18n: true } },
        ],
        assetnature: [
          'object',
          {
            label: 'Nature',
            fr: 'Nature',
            group: classification,
            ...readOnly,
            extra: { href: href('dam/data/assetnature'), aggregatable: true },
          },
        ],
        keywords: [
          'array',
          {
            label: 'Keywords',
            fr: 'Mots-clés',
            group: classification,
            extra: { href: href('dam/data/keyword'), aggregatable: true },
          },
        ],
        categories: [
          'array',
          {
            label: 'Categories',
            fr: 'Catégories',
            group: classification,
            extra: { tree: true, href: href('dam/data/category'), aggregatable: true },
          },
        ],
        author: ['string', { label: 'Author', fr: 'Auteur', group: rights, extra: { aggregatable: true } }],
        copyright: ['string', { label: 'Copyright', fr: 'Copyright', group: rights }],
        dteendrights: ['date', { label: 'End of rights', fr: 'Fin des droits', group: rights }],
        filename: ['string', { label: 'File name', fr: 'Nom du fichier', group: file, ...readOnly }],
        mimetype: [
          'string',
          { label: 'Type', fr: 'Type', group: file, ...readOnly, extra: { aggregatable: true } },
        ],
        filesize: ['number', { label: 'Size', fr: 'Taille', group: file, ...readOnly }],
        width: ['number', { label: 'Width', fr: 'Largeur', group: file, ...readOnly }],
        height: ['number', { label: 'Height', fr: 'Hauteur', group: file, ...readOnly }],
        duration: ['number', { label: 'Duration', fr: 'Durée', group: file, ...readOnly }],
        created: ['date', { label: 'Created', fr: 'Créé le', group: file, ...readOnly }],
        modified: ['date', { label: 'Modified', fr: 'Modifié le', group: file, ...readOnly }],
        activated: ['boolean', { label: 'Active', fr: 'Actif', group: main, defaultValue: true }],
      }),
    ),
    'dam/data/category': {
      ...schema(
        'category',
        'Category',
        'The category tree',
        headers({
          name: ['string', { label: 'Name', fr: 'Nom', group: main, required: true, defaultValue: '' }],
          parent: [
            'object',
            {
              label: 'Parent',
              fr: 'Parent',
              group: main,
              extra: { tree: true, href: href('dam/data/category') },
            },
          ],
          position: ['number', { label: 'Position', fr: 'Position', group: main }],
          activated: ['boolean', { label: 'Active', fr: 'Actif', group: main, defaultValue: true }],
        }),
      ),
      tree: true,
      treefield: 'parent',
    },
    'dam/data/keyword': schema(
      'keyword',
      'Keyword',
      'Keywords of assets',
      headers({
        name: ['string', { label: 'Name', fr: 'Nom', group: main, required: true, defaultValue: '' }],
      }),
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
        firstname: [
          'string',
          { label: 'First name', fr: 'Prénom', group: main, required: true, defaultValue: '' },
        ],
        lastname: [
          'string',
          { label: 'Last name', fr: 'Nom', group: main, required: true, defaultValue: '' },
        ],
        email: ['string', { label: 'E-mail', fr: 'E-mail', group: main, required: true, defaultValue: '' }],
        bolang: ['string', { label: 'Language', fr: 'Langue', group: main }],
        login: ['string', { label: 'Login', fr: 'Identifiant', group: main, ...readOnly }],
      }),
    ),
  };
}
