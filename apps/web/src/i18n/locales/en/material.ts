import type { material as zh } from '../zh/material';

export const material: typeof zh = {
  purchased: {
    listDescription:
      "The enterprise's purchased materials: import and export them in bulk and attach quality inspection reports; every change is recorded on chain",
  },
  homemade: {
    listDescription:
      "The enterprise's homemade semi-finished products: import and export them in bulk and attach quality inspection reports; every change is recorded on chain",
  },
  weightHint: 'At least 0, with at most 9 integer digits and 4 decimals',
  confirmBatchDelete: 'Delete the {{count}} selected records? This cannot be undone.',
  quality: {
    upload: 'Upload quality report',
    replace: 'Replace quality report',
    uploadConfirm: 'Upload',
    drop: 'Drop the quality inspection report here, or click to choose a file',
    dropHint: '{{types}} files of at most 5MB',
    current: 'Current report: {{name}}',
    attached: 'Quality report uploaded and recorded on chain',
  },
};
