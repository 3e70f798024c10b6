import type { accountMessagesEn } from '../account/messages';
import type { appPagesMessagesEn } from '../app/messages';
import type { uiMessagesEn } from '../ui/messages';
import type { analyticsMessagesEn } from '../analytics/messages';
import type { assetsMessagesEn } from '../assets/messages';
import type { metadataMessagesEn } from '../assets/metadata/messages';
import type { cartsMessagesEn } from '../carts/messages';
import type { devtoolsMessagesEn } from '../devtools/messages';
import type { downloadsMessagesEn } from '../downloads/messages';
import type { importsMessagesEn } from '../imports/messages';
import { notificationsMessagesEn } from '../notifications/messages';
import type { notificationsPageMessagesEn } from '../notifications/page/messages';
import type { outboxMessagesEn } from '../outbox/messages';
import type { pagesMessagesEn } from '../pages/messages';
import type { savedSearchesMessagesEn } from '../saved-searches/messages';
import type { searchMessagesEn } from '../search/messages';
import type { resultsMessagesEn } from '../search/results/messages';
import type { sharePageMessagesEn } from '../share/messages';
import { sessionMessagesEn } from '../session/messages';
import type { signInFirstMessagesEn } from '../session/sign-in-first/messages';
import type { signInMessagesEn } from '../session/sign-in/messages';
import type { creditMessagesEn } from './credit/messages';
import type { labelsMessagesEn } from './labels/messages';
/** The shell's own English messages. */
export const shellMessagesEn = {
  'app.loading': 'Loading the portal…',
  'app.skipToContent': 'Skip to content',
  'nav.label': 'Main navigation',
  'nav.carts': 'Carts',
  'nav.downloads': 'Downloads',
  'nav.search': 'Search',
  'nav.account': 'Account',
  'nav.savedSearches': 'Saved searches',
  'nav.imports': 'Imports',
  'nav.analytics': 'Analytics',
  'nav.pages': 'Pages',
  'home.welcome': 'Welcome to {name}',
  'home.intro': 'Search the library below, collect assets into carts, share them and download them.',
  'home.infoUnavailable': 'The application information could not be loaded.',
  'home.retry': 'Try again',
  'unavailable.checkFailed': 'The portal could not check whether the application is available.',
  'error.heading': 'An error occured!',
  'error.code': 'Error code',
  'error.description': 'Error description',
  'error.message': 'Error message',
  'error.stack': 'Error stack',
  'error.export': 'Export event log',
  'error.dismiss': 'Dismiss',
  'error.reload': 'Reload the portal',
  'error.exported': 'The event log was saved as {file}. Attach it to your bug report.',
  'errors.error': 'Something went wrong.',
  'errors.error.refused': 'The portal did not send the request.',
  'errors.error.network': 'The server could not be reached. Check your connection and try again.',
  'errors.error.network.unconfirmed':
    'The answer was lost and the portal could not check whether the change was saved. Reload to see what the server holds.',
  'error.details': 'Details',
  'error.retry': 'Try again',
  'errors.error.canceled': 'The request was canceled.',
  'errors.error.response.invalid': 'The server answered with data the portal does not understand.',
  'errors.error.http': 'The server refused the request.',
  'errors.error.http.401': 'You are not allowed to see this without signing in or a password.',
  'errors.error.http.403': 'You do not have the right to do this.',
  'errors.error.http.404': 'The server does not know what was asked for.',
  'errors.error.http.419': 'The application is in an invalid state.',
  'errors.error.http.500': 'The server failed while handling the request.',
  'errors.error.rest': 'The data service refused the request.',
  'errors.error.rest.403.2': 'You must change your password.',
  'errors.error.signin.refused': 'Incorrect login or password.',
  'errors.error.password.refused': 'The current password is wrong.',
  'errors.error.wedia.vue.untrapped': 'An unexpected error happened in the portal.',
  'devtools.link': 'Devtools',
  'devtools.loading': 'Loading the devtools…',
  'devtools.report.button': 'Report a problem',
  'footer.version': 'Version {version}',
  'nav.menu': 'Menu',
  'title.cart': 'Cart',
  'title.sharedCart': 'Shared cart',
  'title.asset': 'Asset',
  'title.import': 'Import',
  'title.pages': 'Pages',
};

/**
 * English messages of the shell and of the features the shell shows from the first paint (the
 * account menu, the notifications badge). The other features add theirs when their code loads
 * (`addMessages` in their `messages.ts`), and every view of theirs imports that file.
 */
export const en = {
  ...shellMessagesEn,
  ...sessionMessagesEn,
  ...notificationsMessagesEn,
};

/** Every key of every feature, loaded or not: `t()` is typed over all of them. */
export type MessageKey =
  | keyof typeof en
  | keyof typeof accountMessagesEn
  | keyof typeof downloadsMessagesEn
  | keyof typeof importsMessagesEn
  | keyof typeof cartsMessagesEn
  | keyof typeof searchMessagesEn
  | keyof typeof resultsMessagesEn
  | keyof typeof savedSearchesMessagesEn
  | keyof typeof devtoolsMessagesEn
  | keyof typeof assetsMessagesEn
  | keyof typeof analyticsMessagesEn
  | keyof typeof metadataMessagesEn
  | keyof typeof pagesMessagesEn
  | keyof typeof signInFirstMessagesEn
  | keyof typeof signInMessagesEn
  | keyof typeof labelsMessagesEn
  | keyof typeof creditMessagesEn
  | keyof typeof notificationsPageMessagesEn
  | keyof typeof sharePageMessagesEn
  | keyof typeof outboxMessagesEn
  | keyof typeof appPagesMessagesEn
  | keyof typeof uiMessagesEn;
export type Messages = Record<MessageKey, string>;
