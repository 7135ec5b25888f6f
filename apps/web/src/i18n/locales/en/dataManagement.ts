import type { dataManagement as zh } from '../zh/dataManagement';

export const dataManagement: typeof zh = {
  dataList: {
    description:
      "The enterprise's products and VINs/SNs by project, down to the material lots and every tier of suppliers",
  },
  vinsnList: {
    description: "The project's products, and the VINs/SNs the documents record for them",
  },
  materialList: {
    description: 'The material lots picked for production or fitted, with their suppliers',
  },
  supplier: {
    description:
      "The lot's supply chain: each tier's receipt and the supplier's matching delivery, down to the mine",
  },
  missing: {
    title: 'Choose what to look at first',
    vinsnList: "This page shows a project's products: choose a project in the project data list.",
    supplier:
      'This page shows the related suppliers of a material lot: choose one level by level from the project data.',
    back: 'Back to project data',
  },
  trail: {
    projects: 'Project data',
    project: 'Project {{code}}',
    product: 'Product {{name}}',
    material: 'Material {{name}}',
  },
  fields: {
    projectCode: 'Project code',
    notes: 'Notes',
    productCount: 'Products',
    vinCount: 'VINs/SNs',
    createdAt: 'Created',
    productCode: 'Product code',
    productName: 'Product name',
    batchNo: 'Batch number',
    vinSn: 'VIN/SN',
    source: 'Source',
    link: 'Used in',
    itemCode: 'Material code',
    itemName: 'Material name',
    quantity: 'Quantity',
    document: 'Document',
    bizTime: 'Document time',
    suppliers: 'Suppliers',
    tier: 'Tier',
    client: 'Buyer',
    receipt: 'Receipt',
    supplier: 'Supplier',
    usci: 'USCI',
    did: 'Digital identity (DID)',
    delivery: "Supplier's delivery",
    lot: 'Lot',
  },
  sources: {
    product: 'Product',
    document: 'Document',
  },
  links: {
    consumed: 'Production picking',
    fitted: 'Fitted',
  },
  settled: 'Settled',
  unsettled: 'Not settled',
  tierLabel: 'Tier {{tier}} supplier',
  origin: 'Origin lot',
  noDelivery: 'No matching delivery recorded by the supplier',
  ownEnterprise: 'Own enterprise',
  chainTitle: 'Supply-chain tiers',
  actions: {
    products: 'Product data',
    materials: 'Material data',
    suppliers: 'Related suppliers',
  },
};
