import type { identify as zh } from '../zh/identify';

export const identify: typeof zh = {
  title: 'Enterprise certification',
  headline: {
    none: 'Your account is not in a certified enterprise yet',
    submitted: 'Enterprise certification under review',
    new: 'Certify a new enterprise',
  },
  description: {
    none: 'Once an enterprise is certified, the platform creates its on-chain digital identity (DID) and a platform-hosted chain account, and the whole traceability console becomes available. You can also switch to a certified associated enterprise, or apply to join an enterprise already certified on the platform.',
    submitted:
      'The certification documents have been submitted; the platform reviews them in about 2-3 days. Once approved you can enter the console; if returned, you can edit and resubmit them.',
    new: 'Certify another enterprise. Once approved it appears in your associated enterprises and you can switch to it at any time.',
  },
  steps: {
    submit: 'Submit documents',
    thirdParty: 'Third-party certification',
    audit: 'Platform review (about 2-3 days)',
    did: 'Digital identity (DID) issued',
  },
  benefits: {
    title: 'A certified enterprise gets',
    did: 'An enterprise digital identity (DID) and a platform-hosted chain account address',
    evidence: 'On-chain evidence of business data, with blockchain certificates',
    console: 'The whole traceability console, with member and permission management',
  },
  enterprises: {
    title: 'My associated enterprises',
    empty: 'No associated enterprise yet',
    usable: 'Usable',
    current: 'Current',
  },
  actions: {
    switch: 'Switch enterprise',
    applyLink: 'Add associated enterprise',
    logout: 'Logout',
    backToConsole: 'Back to workbench',
  },
  limitReached: 'Your account is linked to {{max}} enterprises, so it cannot certify a new one for now',
};
