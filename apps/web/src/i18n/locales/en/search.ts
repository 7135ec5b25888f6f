import type { search as zh } from '../zh/search';

export const search: typeof zh = {
  placeholder: 'Find a number, batch, VIN, company…',
  noHits: 'Nothing matches',
};
