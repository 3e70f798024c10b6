/** The search screen's list, by name: other domains read its cursor through the cursors' selectors. */
export { SEARCH_CURSOR, SEARCH_PATH } from './url';
