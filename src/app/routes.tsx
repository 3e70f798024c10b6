import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { AccountPage } from '../account/account-page';
import { CartPage } from '../carts/cart-page';
import { CartsPage } from '../carts/carts-page';
import { DevtoolsRoute } from '../devtools/devtools-route';
import { DownloadsPage } from '../downloads/downloads-page';
import { HomePage } from '../home/home-page';
import { NotificationsPage } from '../notifications/notifications-page';
import { SavedSearchesPage } from '../saved-searches/saved-searches-page';
import { SearchPage } from '../search/search-page';
import { SignInPage } from '../session/sign-in-page';
import { SharedCartPage } from '../share/shared-cart-page';
import { NotFoundPage } from './not-found-page';

/**
 * The screens of UI-CONTRACT.md "Routes", one line each, in the contract's order. A feature adds
 * its screen here (and its link in `navigation.ts`) in the change that makes it work.
 */
const SCREENS: readonly { path: string; component: ComponentType }[] = [
  { path: '/signin', component: SignInPage },
  { path: '/search', component: SearchPage },
  { path: '/carts/:id', component: CartPage },
  { path: '/carts', component: CartsPage },
  { path: '/share/:uuid', component: SharedCartPage },
  { path: '/downloads', component: DownloadsPage },
  { path: '/saved-searches', component: SavedSearchesPage },
  { path: '/notifications', component: NotificationsPage },
  { path: '/account', component: AccountPage },
  { path: '/devtools', component: DevtoolsRoute },
  { path: '/', component: HomePage },
];

export function Routes() {
  return (
    <Switch>
      {SCREENS.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
