export * from './envelope.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './list.ts';
export * from './endpoint.ts';
export * from './i18n/lang.ts';
export * from './i18n/validation.ts';
export * from './i18n/units.ts';
export * from './validators/index.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './menu.ts';
export * from './menu-tree.ts';
export * from './record-pages.ts';
export * from './record-catalogue.ts';
export * from './file.ts';
export * from './file-error-log.ts';
export * from './certification.ts';
export * from './member.ts';
export * from './role.ts';
export * from './profile.ts';
export * from './operator.ts';
export * from './ledger.ts';
export * from './log.ts';
export * from './examine.ts';
export * from './system.ts';
export * from './imports.ts';
export * from './task.ts';
export * from './evidence-task.ts';
export * from './workbench.ts';
export * from './project.ts';
export * from './product.ts';
export * from './carbon.ts';
export * from './partner.ts';
export * from './material-relation.ts';
export * from './material.ts';
export * from './document.ts';
export * from './trace.ts';
export * from './graph.ts';
export * from './map.ts';
export * from './checking.ts';
export * from './ticket.ts';
export * from './message.ts';
export * from './gateway-key.ts';
export * from './search.ts';
export * from './regions.ts';
export * from './risk.ts';
export * from './monitor.ts';
export * from './evidence-package.ts';

import { authEndpoints } from './auth.ts';
import { userEndpoints } from './user.ts';
import { logEndpoints } from './log.ts';
import { systemEndpoints } from './system.ts';
import { examineAuditEndpoints, examineEndpoints } from './examine.ts';
import { fileEndpoints, passEndpoints } from './file.ts';
import { fileErrorLogEndpoints } from './file-error-log.ts';
import { certificationEndpoints, operatorCertificationEndpoints } from './certification.ts';
import { memberEndpoints } from './member.ts';
import { roleEndpoints } from './role.ts';
import { companyEndpoints, profileEndpoints } from './profile.ts';
import { operatorEndpoints } from './operator.ts';
import { ledgerEndpoints, publicLedgerEndpoints } from './ledger.ts';
import { importEndpoints } from './imports.ts';
import { taskEndpoints } from './task.ts';
import { evidenceTaskEndpoints } from './evidence-task.ts';
import { workbenchEndpoints } from './workbench.ts';
import { projectEndpoints } from './project.ts';
import { productEndpoints } from './product.ts';
import { carbonEndpoints } from './carbon.ts';
import { partnerEndpoints } from './partner.ts';
import { customMaterialRelationEndpoints, materialRelationEndpoints } from './material-relation.ts';
import { materialDataEndpoints, materialDataInEndpoints } from './material.ts';
import { documentCommonEndpoints, documentEndpoints } from './document.ts';
import { traceEndpoints } from './trace.ts';
import { graphEndpoints } from './graph.ts';
import { mapEndpoints } from './map.ts';
import { checkingEndpoints } from './checking.ts';
import { operatorTicketEndpoints, ticketEndpoints } from './ticket.ts';
import { messageEndpoints } from './message.ts';
import { gatewayEndpoints, gatewayKeyEndpoints } from './gateway-key.ts';
import { searchEndpoints } from './search.ts';
import { riskEndpoints } from './risk.ts';
import { monitorEndpoints } from './monitor.ts';

/** Every endpoint of the API, by domain. The server registers these; the web calls them. */
export const api = {
  auth: authEndpoints,
  user: userEndpoints,
  log: logEndpoints,
  examine: { ...examineEndpoints, ...examineAuditEndpoints },
  file: fileEndpoints,
  fileErrorLog: fileErrorLogEndpoints,
  pass: passEndpoints,
  ledger: ledgerEndpoints,
  publicLedger: publicLedgerEndpoints,
  certification: certificationEndpoints,
  member: memberEndpoints,
  role: roleEndpoints,
  profile: profileEndpoints,
  company: companyEndpoints,
  operator: {
    ...operatorEndpoints,
    certification: operatorCertificationEndpoints,
    ticket: operatorTicketEndpoints,
  },
  system: systemEndpoints,
  import: importEndpoints,
  task: taskEndpoints,
  evidenceTask: evidenceTaskEndpoints,
  workbench: workbenchEndpoints,
  project: projectEndpoints,
  product: productEndpoints,
  carbon: carbonEndpoints,
  partner: partnerEndpoints,
  materialRelation: materialRelationEndpoints,
  customMaterialRelation: customMaterialRelationEndpoints,
  materialData: materialDataEndpoints,
  materialDataIn: materialDataInEndpoints,
  document: documentEndpoints,
  documentCommon: documentCommonEndpoints,
  trace: traceEndpoints,
  graph: graphEndpoints,
  map: mapEndpoints,
  checking: checkingEndpoints,
  ticket: ticketEndpoints,
  message: messageEndpoints,
  gatewayKey: gatewayKeyEndpoints,
  search: searchEndpoints,
  risk: riskEndpoints,
  monitor: monitorEndpoints,
  gateway: gatewayEndpoints,
};
