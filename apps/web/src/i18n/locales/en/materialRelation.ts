/**
 * Material code mappings (spec 2.2 materialRelation and custommaterialRelation with their link pages, 3
 * "Supplier material association"). Words that name the partner's side differ by direction.
 */
export const materialRelation = {
  supplier: {
    listDescription:
      "Map your suppliers' material numbers to your purchased materials: choose the material on the link page; a settled supplier shows its digital identity; every change is recorded as on-chain evidence",
    linkDescription:
      "Choose the purchased material of yours that this supplier's material number is; one per number",
    partner: 'Supplier',
    partnerCode: 'Supplier code',
    partnerName: 'Supplier name',
    materialNo: 'Supplier material number',
    materialName: 'Supplier material name',
    ownCode: 'Own material code',
    ownName: 'Own material name',
    createTitle: 'Create supplier material code mapping',
    editTitle: 'Edit supplier material code mapping',
    detailTitle: 'Supplier material code mapping',
    candidatesTitle: 'Purchased materials to link',
  },
  client: {
    listDescription:
      "Map your clients' material numbers to your products or materials: choose them on the link page; a settled client shows its digital identity; every change is recorded as on-chain evidence",
    linkDescription:
      "Choose the product or material of yours that this client's material number is; one per number",
    partner: 'Client',
    partnerCode: 'Client code',
    partnerName: 'Client name',
    materialNo: 'Client material number',
    materialName: 'Client material name',
    ownCode: 'Own product/material code',
    ownName: 'Own product/material name',
    createTitle: 'Create client material code mapping',
    editTitle: 'Edit client material code mapping',
    detailTitle: 'Client material code mapping',
    candidatesTitle: 'Products or materials to link',
  },
  fields: {
    did: 'Digital identity (DID)',
    settlement: 'Settlement',
    notes: 'Notes',
    linkState: 'Link',
    kind: 'Kind',
    code: 'Code',
    name: 'Name',
    nameEn: 'English name',
    batchNo: 'Batch number',
    vinSn: 'VIN/SN',
    createdAt: 'Created',
    updatedAt: 'Updated',
  },
  linkStates: {
    linked: 'Linked',
    unlinked: 'Not linked',
  },
  kinds: {
    material: 'Material',
    product: 'Product',
  },
  partnerPlaceholder: 'Choose or search a partner',
  create: 'Create mapping',
  edit: 'Edit',
  delete: 'Delete',
  batchDelete: 'Bulk delete',
  linkPage: 'Link',
  linkAction: 'Link',
  unlinkAction: 'Unlink',
  current: 'Linked to',
  created: 'Created',
  updated: 'Saved',
  deleted: 'Deleted',
  linked: 'Linked',
  unlinked: 'Unlinked',
  confirmDelete: 'Delete the mapping of material number "{{no}}"? This cannot be undone.',
  confirmBatchDelete: 'Delete the {{count}} selected mappings? This cannot be undone.',
  confirmUnlink: 'Unlink "{{code}}"?',
};
