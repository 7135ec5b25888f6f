/**
 * Partner enterprises (spec 2.2 /basicData/partner, 2.3 "list, bulk import, invite", 4 settled or not). Field
 * names, types, settlement, invitation states and failure reasons come from the contract's declaration.
 */
export const partner = {
  listDescription:
    'Your suppliers and clients: companies certified on the platform show as settled, the others can be invited by e-mail; every change is recorded as on-chain evidence',
  tagsHint: 'Several tags separated by Enter or commas, at most 10',
  create: 'Create partner',
  createTitle: 'Create partner',
  confirmBatchDelete: 'Delete the {{count}} selected partners? This cannot be undone.',
  invite: {
    notNeeded: 'Not needed (settled)',
    action: 'Invite',
    batch: 'Bulk invite',
    title: 'Invite to settle',
    intro:
      'A bilingual invitation will be e-mailed to each partner below ({{count}}), asking it to register on the platform and certify its company.',
    skipHint:
      'Partners that are already settled or have no valid e-mail address cannot be invited; the result lists them with the reason.',
    send: 'Send invitations',
    resultTitle: 'Invitation result',
    sent: 'Invitations sent: {{count}}',
    allSent: 'Every invitation was sent',
    failedTitle: 'Failed invitations ({{count}})',
    importFailedTitle: 'Failed invitations ({{count}})',
  },
};
