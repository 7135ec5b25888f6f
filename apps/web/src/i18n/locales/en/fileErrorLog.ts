import type { fileErrorLog as zh } from '../zh/fileErrorLog';

/** Failed attachment transfers of documents (spec 2.1 /stage/fileErrorLog). */
export const fileErrorLog: typeof zh = {
  title: 'Failed Attachment Transfers',
  description:
    'Document attachments that could not be uploaded (wrong type, over 5MB, content not matching the extension, or a storage failure) are listed here; fix the cause and upload them again',
  backToConsole: 'Back to console',
  typeInStage: '{{title}} ({{stage}})',
  fields: {
    createdAt: 'Failed at',
    bizType: 'Document type',
    billType: 'Stage',
    bizNo: 'Record',
    fileName: 'File name',
    errorCode: 'Error code',
    errorMsg: 'Reason',
  },
  stages: {
    purchase: 'Purchase',
    production: 'Production',
    sales: 'Sales',
    logistics: 'Logistics',
    vehicleSales: 'Whole vehicle sales data',
    keyParts: 'Key parts data',
    nonKeyParts: 'Non-key parts data',
    partsSource: 'Parts source',
  },
};
