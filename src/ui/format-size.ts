/** Moved to `src/i18n/format.ts` (with the other `Intl` helpers); kept while other folders move their imports. */
export { formatSize } from '../i18n/format';
