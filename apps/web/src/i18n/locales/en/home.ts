import type { home as zh } from '../zh/home';

export const home: typeof zh = {
  title: 'Home',
  nav: {
    signIn: 'Sign in',
    register: 'Register',
    console: 'Open console',
    verify: 'Verify evidence',
  },
  hero: {
    eyebrow: 'Supply-chain traceability for automotive and manufacturing',
    headline: 'From the mine to the vehicle: every link traceable and verifiable',
    description:
      'The Tracehub Traceability Console connects automakers, parts suppliers, traders and raw-material companies. Purchase, production, sales and logistics documents are managed in one place, and the hashes of business data are anchored on a blockchain, helping companies meet US and EU supply-chain compliance rules.',
    primary: 'Sign in now',
    secondary: 'Create an account',
  },
  stats: {
    stages: 'Business stages',
    stagesValue: '4',
    levels: 'Traceability levels',
    levelsValue: '5',
    companies: 'Enterprises per account',
    companiesValue: '6',
    languages: 'Languages',
    languagesValue: 'ZH / EN',
  },
  features: {
    title: 'What the console does',
    traceTitle: 'End-to-end document traceability',
    traceText:
      'Purchase orders, receipts, production picking, stock-in, sales deliveries and bills of lading linked by batch number and VIN.',
    chainTitle: 'On-chain evidence',
    chainText:
      'Every business record is hashed and anchored on a blockchain, with transaction hash, block height and certificate that anyone can verify.',
    complianceTitle: 'Compliance traceability',
    complianceText:
      'Compliance (US) and raw-material (EU) traceability scenes, with evidence packages that prove origin to clients and regulators.',
    networkTitle: 'Supply-chain network map',
    networkText:
      'Multi-tier supplier and product relations as a network map, to find the source of key parts and materials.',
    checkTitle: 'Data troubleshooting',
    checkText:
      'Compare a benchmark company or a list of VINs against direct suppliers with rule packages, and follow up abnormal data.',
    teamTitle: 'Enterprise collaboration',
    teamText:
      'One account can be linked to several enterprises and switch between them; administrators manage members, roles and permissions.',
  },
  steps: {
    title: 'Get started in three steps',
    registerTitle: 'Register',
    registerText: 'Create a platform account with your e-mail address.',
    certifyTitle: 'Certify or join an enterprise',
    certifyText:
      'Certify a new enterprise to receive its on-chain digital identity (DID), or apply to join a certified one.',
    recordTitle: 'Record and anchor',
    recordText: 'Enter or bulk-import business data; the platform anchors it on chain automatically.',
  },
  footer: '© Tracehub Traceability Console',
};
