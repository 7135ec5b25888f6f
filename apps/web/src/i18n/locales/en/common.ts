import type { common as zh } from '../zh/common';

export const common: typeof zh = {
  productName: 'Tracehub Traceability Console',
  productTagline: 'Traceability Console',
  titleSuffix: 'Tracehub',
  noData: 'No Data',
  actions: {
    confirm: 'Confirm',
    cancel: 'Cancel',
    back: 'Back',
    search: 'Search',
    reset: 'Reset',
    view: 'View',
    submit: 'Submit',
    backHome: 'Back to home',
    iKnow: 'I know',
    expand: 'Expand',
    collapse: 'Collapse',
  },
  list: {
    inputPlaceholder: 'Enter {{field}}',
    selectPlaceholder: 'Please select',
    startTime: 'Start time',
    endTime: 'End time',
    advanced: 'Advanced search',
    basic: 'Basic search',
    total: '{{total}} in total',
    operations: 'Actions',
  },
  dialog: {
    prompt: 'Prompt',
    attention: 'Attention',
  },
  lang: {
    label: 'Switch language',
    switched: 'success',
  },
  scene: {
    US: 'Compliance traceability',
    EU: 'Raw-material traceability',
    USEU: 'Compliance · Raw-material traceability',
  },
  request: {
    timeout: 'The request timed out, please try again later',
    network: 'Network error: {{detail}}',
    failed: 'The request failed (HTTP {{status}}), please try again later',
    downloadErrorLog: 'Download the error log',
  },
  crash: {
    title: 'Something went wrong',
    description: 'An error occurred on this page. Reload the page and try again.',
    reload: 'Reload page',
  },
  yes: 'Yes',
  no: 'No',
};
