import { addMessages } from '../catalogues';

/**
 * Labels of the codes the server sends (`code-labels.ts`): asset types (resources and natures),
 * facet fields, share actions and zip profiles. A code missing here shows the server's label.
 */
export const labelsMessagesEn = {
  'code.type.asset': 'Asset',
  'code.type.category': 'Category',
  'code.type.keyword': 'Keyword',
  'code.type.page': 'Page',
  'code.type.image': 'Image',
  'code.type.video': 'Video',
  'code.type.document': 'Document',
  'code.type.audio': 'Audio',
  'code.facet.assetnature': 'Nature',
  'code.facet.keywords': 'Keywords',
  'code.facet.author': 'Author',
  'code.facet.mimetype': 'File type',
  'code.facet.categories': 'Categories',
  'code.shareAction.view': 'View',
  'code.shareAction.download': 'Download',
  'code.shareAction.comment': 'Comment',
  'code.shareAction.copy': 'Copy to my carts',
  'code.zipProfile.originals': 'Originals',
  'code.zipProfile.web': 'Web',
  'code.zipProfile.hd': 'High definition',
};

const labelsMessagesFr: Record<keyof typeof labelsMessagesEn, string> = {
  'code.type.asset': 'Média',
  'code.type.category': 'Catégorie',
  'code.type.keyword': 'Mot-clé',
  'code.type.page': 'Page',
  'code.type.image': 'Image',
  'code.type.video': 'Vidéo',
  'code.type.document': 'Document',
  'code.type.audio': 'Audio',
  'code.facet.assetnature': 'Nature',
  'code.facet.keywords': 'Mots-clés',
  'code.facet.author': 'Auteur',
  'code.facet.mimetype': 'Type de fichier',
  'code.facet.categories': 'Catégories',
  'code.shareAction.view': 'Consulter',
  'code.shareAction.download': 'Télécharger',
  'code.shareAction.comment': 'Commenter',
  'code.shareAction.copy': 'Copier dans mes paniers',
  'code.zipProfile.originals': 'Originaux',
  'code.zipProfile.web': 'Web',
  'code.zipProfile.hd': 'Haute définition',
};

addMessages({ en: labelsMessagesEn, fr: labelsMessagesFr });
