import type { userCenter as zh } from '../zh/userCenter';

export const userCenter: typeof zh = {
  perbasic: {
    description: 'Your account profile and session settings',
    card: 'Basic information',
    username: 'User name',
    email: 'E-mail',
    chineseName: 'Chinese name',
    englishName: 'English name',
    introduction: 'Introduction',
    sessionTimeout: 'Session timeout',
    lastLogin: 'Last login',
    minutes: '{{value}} minutes',
  },
  perfrom: {
    description: "The current enterprise's certification and on-chain digital identity",
    card: 'Company information',
    enterpriseName: 'Enterprise name',
    enterpriseEnglishName: 'English name',
    scene: 'Scene',
    did: 'Digital identity (DID)',
    chainAccount: 'Chain account address',
    role: 'Enterprise role',
    authStatus: 'Certification',
    automaker: 'Automaker',
    otherRole: 'Supplier (not an automaker)',
    authNone: 'Not certified',
    authSubmitted: 'Under review',
    authCertified: 'Certified',
  },
};
