import type { log as zh } from '../zh/log';

export const log: typeof zh = {
  list: {
    description:
      'Every record created, edited or deleted in this enterprise, and sign-ins, enterprise switches and other operations of accounts',
  },
  details: {
    description: 'The full record of one operation',
    card: 'Log record',
  },
  fields: {
    id: 'Log ID',
    action: 'Action',
    result: 'Result',
    username: 'Account',
    enterpriseName: 'Enterprise',
    ip: 'IP address',
    userAgent: 'Client',
    createdAt: 'Time',
    detail: 'Additional information',
  },
  result: {
    success: 'Success',
    failure: 'Failure',
  },
  tabs: {
    changes: 'Data changes',
    signIns: 'Sign-ins',
  },
  audit: {
    tableName: 'Record type',
    recordId: 'Record ID',
    fields: 'Changed fields',
    onBehalfOf: 'On behalf of',
    card: 'Data change',
    changes: 'Changes',
    field: 'Field',
    before: 'Before',
    after: 'After',
    export: 'Export',
  },
  viewDetails: 'Details',
};
