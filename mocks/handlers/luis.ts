import { HttpResponse, http } from 'msw';
import { analyze } from '../nl/analyzer';
import { errorResponse } from './respond';

/** Natural-language analysis of protocol §22: `GET /luis/analyze?phrase=…`, answered in LUIS v2's shape. */
export const luisHandlers = [
  http.get('*/api/luis/analyze', ({ request }) => {
    const phrase = new URL(request.url).searchParams.get('phrase');
    if (phrase === null || phrase.trim() === '') return errorResponse(400, 'phrase is required');
    if (phrase.length > 500) return errorResponse(400, 'phrase is longer than 500 characters');
    return HttpResponse.json(analyze(phrase));
  }),
];
