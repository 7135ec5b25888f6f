import type { monitor as zh } from '../zh/monitor';

export const monitor: typeof zh = {
  list: {
    description:
      'Every day the data imported the day before is checked with the default rule package (the enabled risk rules included) into a daily report',
  },
  detail: {
    description: "A daily report's results: passed, abnormal and unknown (data missing) counts per check",
    card: 'Daily report',
  },
  errors: { description: "A daily report's abnormal data, by check, with the documents it cites" },
  fields: {
    date: 'Day monitored',
    state: 'Monitoring state',
    reason: 'Note',
    counts: 'Abnormal counts',
    package: 'Rule package',
    packageHash: 'Package hash',
    blockHeight: 'Block height',
    vinAmount: 'VIN amount',
    updatedAt: 'Updated',
    createdAt: 'Created',
    run: 'Troubleshooting task',
    check: 'Check',
    level: 'Level',
    version: 'Version',
    passed: 'Passed',
    abnormal: 'Abnormal',
    kind: 'Kind of check',
    onlyAbnormal: 'Abnormal records',
    unknown: 'Unknown (data missing)',
  },
  actions: {
    runNow: 'Monitor now',
    detail: 'Details',
    errors: 'Abnormal data',
    allErrors: 'All abnormal data',
    run: 'Troubleshooting task',
  },
  runNow: {
    title: 'Monitor now',
    day: 'Day to monitor',
    hint: 'Checks the data imported on the chosen day; a day has one daily report',
    done: 'Monitoring started',
  },
  checks: 'Results by check',
  onlyAbnormal: 'Only checks that have some',
};
