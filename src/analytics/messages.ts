import { addMessages } from '../i18n/catalogues';

/** The analytics screen `/analytics` (UI-CONTRACT "Names for the screens of the second wave"). */
export const analyticsMessagesEn = {
  'analytics.title': 'Analytics',
  'analytics.loading': 'Loading the figures…',
  'analytics.failed': 'The figures could not be read.',
  'analytics.retry': 'Try again',
  'analytics.onlyMine': 'Only mine',
  'analytics.period': 'Period',
  'analytics.days': 'Last {days} days',
  'analytics.allDays': 'All time',
  'analytics.mostViewed': 'Most viewed',
  'analytics.mostDownloaded': 'Most downloaded',
  'analytics.viewsChart': 'Most viewed assets: bar chart, the table below gives the same figures',
  'analytics.downloadsChart': 'Most downloaded assets: bar chart, the table below gives the same figures',
  'analytics.asset': 'Asset',
  'analytics.thumbnail': 'Thumbnail',
  'analytics.views': 'Views',
  'analytics.downloads': 'Downloads',
  'analytics.day': 'Day',
  'analytics.empty': 'Nothing counted in this period.',
  'analytics.trend': 'Views and downloads per day',
  'analytics.trendChart': 'Views and downloads per day: line chart, the table below gives the same figures',
  'analytics.trendTable': 'Views and downloads per day (table)',
  'analytics.showTable': 'Show the figures as a table',
  'analytics.trendUnavailable': 'The daily trend is not available on this server.',
  'analytics.trendFailed': 'The daily trend is not available right now.',
};

const analyticsMessagesFr: Record<keyof typeof analyticsMessagesEn, string> = {
  'analytics.title': 'Statistiques',
  'analytics.loading': 'Chargement des chiffres…',
  'analytics.failed': 'Les chiffres n’ont pas pu être lus.',
  'analytics.retry': 'Réessayer',
  'analytics.onlyMine': 'Seulement les miens',
  'analytics.period': 'Période',
  'analytics.days': '{days} derniers jours',
  'analytics.allDays': 'Depuis toujours',
  'analytics.mostViewed': 'Les plus vus',
  'analytics.mostDownloaded': 'Les plus téléchargés',
  'analytics.viewsChart':
    'Médias les plus vus : diagramme en barres, le tableau ci-dessous donne les mêmes chiffres',
  'analytics.downloadsChart':
    'Médias les plus téléchargés : diagramme en barres, le tableau ci-dessous donne les mêmes chiffres',
  'analytics.asset': 'Média',
  'analytics.thumbnail': 'Vignette',
  'analytics.views': 'Vues',
  'analytics.downloads': 'Téléchargements',
  'analytics.day': 'Jour',
  'analytics.empty': 'Rien n’a été compté sur cette période.',
  'analytics.trend': 'Vues et téléchargements par jour',
  'analytics.trendChart':
    'Vues et téléchargements par jour : courbes, le tableau ci-dessous donne les mêmes chiffres',
  'analytics.trendTable': 'Vues et téléchargements par jour (tableau)',
  'analytics.showTable': 'Afficher les chiffres en tableau',
  'analytics.trendUnavailable': 'La tendance par jour n’est pas disponible sur ce serveur.',
  'analytics.trendFailed': 'La tendance par jour n’est pas disponible pour le moment.',
};

addMessages({ en: analyticsMessagesEn, fr: analyticsMessagesFr });
