import type { log as zh } from '../zh/log';

export const log: typeof zh = {
  list: {
    description:
      'Sign-ins, enterprise switches, verification codes and other operations of this account in this enterprise',
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
  viewDetails: 'Details',
};
