import { lazyScreen } from './lazy-screen';
import { SEARCH_DOMAINS } from './load-domains';

/** The search screen, on `/search` and under the landing page's welcome (one lazy component for both). */
export const SearchScreen = lazyScreen(
  () => import('../search/search-page'),
  (m) => m.SearchPage,
  { domains: SEARCH_DOMAINS },
);
