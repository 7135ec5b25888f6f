import { DOCUMENT_TYPES } from '@tracehub/contract';
import { documentLabelTexts, type document as zh } from '../zh/document';

export const document: typeof zh = {
  labels: documentLabelTexts('en'),
  nouns: Object.fromEntries(DOCUMENT_TYPES.map((d) => [d.code, d.singular])) as Record<string, string>,
  descriptions: {
    purchase:
      "The enterprise's purchase documents with its suppliers: import and export them in bulk and attach files; every change is recorded on chain",
    production:
      "The enterprise's production documents: import and export them in bulk and attach files; every change is recorded on chain",
    sales:
      "The enterprise's sales documents with its clients: import and export them in bulk and attach files; every change is recorded on chain",
    logistics:
      "The shipping documents of the enterprise's deliveries: import and export them in bulk and attach files; every change is recorded on chain",
    internal:
      "The enterprise's internal tables by VIN/SN: import and export them in bulk and attach files; every change is recorded on chain",
  },
  create: 'Create {{noun}}',
  detailTitle: 'Details of the {{noun}}',
  confirmDelete: 'Delete the document "{{name}}"? This cannot be undone.',
  confirmBatchDelete: 'Delete the {{count}} selected records? This cannot be undone.',
  emptyCurrency: '(Empty)',
  currencyPlaceholder: 'Select a currency',
  partnerPlaceholder: 'Search by code or name, or type a code',
  itemPlaceholder: 'Type a code or pick a suggestion',
  relatedPlaceholder: 'Type a document number and press Enter',
  fields: {
    returns: 'Returns',
    returnable: 'Returnable quantity',
  },
  related: {
    notFound: 'Not found in the enterprise',
    count: '{{count}} in all',
  },
  returnDetail: {
    action: 'Return details',
    title: 'Return details',
    noPermission: 'Purchase-return permission not configured',
    billNo: 'Receipt number',
    returnBillNos: 'Return numbers',
    total: 'Returns',
    returnedQuantity: 'Returned quantity',
    receivedQuantity: 'Received quantity',
    none: 'No returns yet',
    viewMore: 'View more',
  },
};
