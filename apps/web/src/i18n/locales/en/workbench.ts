import type { workbench as zh } from '../zh/workbench';

export const workbench: typeof zh = {
  greeting: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
    subtitle: 'Welcome back to the Tracehub Traceability Console. Today is {{date}}',
    dateFormat: 'dddd, MMMM D, YYYY',
  },
  enterprise: {
    title: 'Current enterprise',
    name: 'Enterprise name',
    englishName: 'English name',
    did: 'Digital identity (DID)',
    chainAccount: 'Chain account address',
    scene: 'Scene',
    role: 'Enterprise role',
    automaker: 'Automaker',
    otherRole: 'Supplier (not an automaker)',
    certified: 'Certified',
    admin: 'Enterprise administrator',
    member: 'Enterprise member',
    copy: 'Copy',
  },
  account: {
    title: 'Account',
    username: 'User name',
    email: 'E-mail',
    lastLogin: 'Last login',
    sessionTimeout: 'Session timeout',
    minutes: '{{value}} minutes',
    unread: 'Unread messages',
    roles: 'My roles',
    noRole: 'No role assigned yet',
    administrator: 'Enterprise administrator',
  },
  quickLinks: {
    title: 'Quick links',
    empty: 'No pages available',
  },
  guide: {
    access: 'Your roles open {{pages}} page(s); for others, ask your enterprise administrator, {{admin}}',
    title: 'What you can do here',
    profile: 'See your account profile and session settings in User Center · Basic Information',
    company:
      "See your enterprise's digital identity and chain account address in User Center · Company Information",
    log: 'Review sign-ins, enterprise switches and other operations of this account in System Log',
    switch:
      'Switch to another associated enterprise, or certify a new one, from the user menu at the top right',
    language: 'Switch between the Chinese and English interface from the language menu at any time',
  },
};
