import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../home/home-page';
import type { MessageKey } from '../i18n/messages-en';
import { ScreenTitle } from './document-title';
import { lazyScreen } from './lazy-screen';
import { SearchScreen } from './search-screen';
import {
  ANALYTICS_DOMAINS,
  ASSET_DOMAINS,
  CART_DOMAINS,
  IMPORT_DOMAINS,
  PAGE_DOMAINS,
  SEARCH_DOMAINS,
} from './load-domains';

// a missing page is rare: its code comes when needed
const NotFoundPage = lazyScreen(
  () => import('./not-found-page'),
  (m) => m.NotFoundPage,
);
const SignInPage = lazyScreen(
  () => import('../session/sign-in-page'),
  (m) => m.SignInPage,
);
const CartPage = lazyScreen(
  () => import('../carts/cart-page'),
  (m) => m.CartPage,
  { domains: CART_DOMAINS },
);
const CartsPage = lazyScreen(
  () => import('../carts/carts-page'),
  (m) => m.CartsPage,
  { domains: CART_DOMAINS },
);
const SharedCartPage = lazyScreen(
  () => import('../share/shared-cart-page'),
  (m) => m.SharedCartPage,
  { domains: CART_DOMAINS },
);
const AssetPage = lazyScreen(
  () => import('../assets/asset-page'),
  (m) => m.AssetPage,
  { domains: ASSET_DOMAINS },
);
const DownloadsPage = lazyScreen(
  () => import('../downloads/downloads-page'),
  (m) => m.DownloadsPage,
  { domains: ['downloads'] },
);
const ImportsScreen = lazyScreen(
  () => import('../imports/imports-screen'),
  (m) => m.ImportsScreen,
  { domains: IMPORT_DOMAINS },
);
const SavedSearchesPage = lazyScreen(
  () => import('../saved-searches/saved-searches-page'),
  (m) => m.SavedSearchesPage,
  { domains: SEARCH_DOMAINS },
);
const AnalyticsPage = lazyScreen(
  () => import('../analytics/analytics-page'),
  (m) => m.AnalyticsPage,
  { domains: ANALYTICS_DOMAINS },
);
const NotificationsPage = lazyScreen(
  () => import('../notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const PagesIndex = lazyScreen(
  () => import('../pages/pages-index'),
  (m) => m.PagesIndex,
  { domains: PAGE_DOMAINS },
);
const PageScreen = lazyScreen(
  () => import('../pages/page-screen'),
  (m) => m.PageScreen,
  { domains: PAGE_DOMAINS },
);
// the devtools replay logs: every reducer must be here (registering turns nothing on)
const DevtoolsPage = lazyScreen(
  () => import('../devtools/devtools-page'),
  (m) => m.default,
  { loadingMessage: 'devtools.loading', allCode: true },
);
const AccountPage = lazyScreen(
  () => import('../account/account-page'),
  (m) => m.AccountPage,
);

/**
 * The screens of UI-CONTRACT.md "Routes", one line each, in the contract's order. A feature adds
 * its screen here (and its link in `navigation.ts`) in the change that makes it work. Screens other
 * than the landing page load on first visit. `title` names the screen in the document's title
 * ("Carts · <application name>"); the landing page's is the application's name alone.
 */
const SCREENS: readonly { path: string; component: ComponentType; title?: MessageKey }[] = [
  { path: '/signin', component: SignInPage, title: 'signIn.title' },
  { path: '/search', component: SearchScreen, title: 'nav.search' },
  { path: '/carts/:id', component: CartPage, title: 'title.cart' },
  { path: '/carts', component: CartsPage, title: 'nav.carts' },
  { path: '/share/:uuid', component: SharedCartPage, title: 'title.sharedCart' },
  { path: '/assets/:resource/:id', component: AssetPage, title: 'title.asset' },
  { path: '/downloads', component: DownloadsPage, title: 'nav.downloads' },
  { path: '/imports/:id', component: ImportsScreen, title: 'title.import' },
  { path: '/imports', component: ImportsScreen, title: 'nav.imports' },
  { path: '/saved-searches', component: SavedSearchesPage, title: 'nav.savedSearches' },
  { path: '/analytics', component: AnalyticsPage, title: 'nav.analytics' },
  { path: '/notifications', component: NotificationsPage, title: 'nav.notifications' },
  { path: '/account', component: AccountPage, title: 'nav.account' },
  { path: '/pages', component: PagesIndex, title: 'title.pages' },
  { path: '/pages/*', component: PageScreen, title: 'title.pages' },
  { path: '/devtools', component: DevtoolsPage, title: 'devtools.link' },
  { path: '/', component: HomePage },
];

export function Routes() {
  return (
    <Switch>
      {SCREENS.map(({ path, component: Screen, title }) => (
        <Route key={path} path={path}>
          <ScreenTitle title={title} />
          <Screen />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
