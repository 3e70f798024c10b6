import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';

/** The reader's effective locale (`fr-FR`, `en`…), for the `Intl` helpers of `./format`. */
export function useLocale(): string {
  return useAppState(selectEffectiveLocale);
}
