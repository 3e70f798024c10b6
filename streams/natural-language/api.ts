import type { HttpRequest } from '../core/http';
import { type LuisAnswer, luisAnswerSchema } from './model';

/** protocol §22: the sentence goes as `phrase` (percent-encoded by the client). */
export const analyze = (phrase: string): HttpRequest<LuisAnswer> => ({
  method: 'GET',
  path: '/luis/analyze',
  query: { phrase },
  schema: luisAnswerSchema,
});
