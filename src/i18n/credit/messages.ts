import { addMessages } from '../catalogues';

/** The background credit's sentence (`../credit.ts`): it loads only with a screen that shows the credit. */
export const creditMessagesEn = {
  'home.credit': 'Background: {credit}',
  'home.creditBy': 'Background: {work} by {author}',
};

const creditMessagesFr: Record<keyof typeof creditMessagesEn, string> = {
  'home.credit': 'Image de fond : {credit}',
  'home.creditBy': 'Image de fond : {work}, par {author}',
};

addMessages({ en: creditMessagesEn, fr: creditMessagesFr });
