import type { ComponentType, LazyExoticComponent } from 'react';
import type { TI18nKey } from '../i18n';
import { lazyPage } from './lazyPage';
import { resourcePages } from './resourcePages';
import { documentPages } from '../features/document/documentPages';

export interface TPageEntry {
  component: LazyExoticComponent<ComponentType>;
  /** Shown under the page title. */
  description?: TI18nKey;
  /** The page draws its own header instead of the shared page title. */
  ownHeader?: boolean;
}

/** The project data drill-down (spec 2.2 /dataManagement): four levels, one module. */
const drill = () => import('../features/trace/DrillPages');
const DRILL_PAGES = {
  dataList: lazyPage<object>(() => drill().then((m) => ({ default: m.DataListPage }))),
  vinsnList: lazyPage<object>(() => drill().then((m) => ({ default: m.VinsnListPage }))),
  materialList: lazyPage<object>(() => drill().then((m) => ({ default: m.MaterialListPage }))),
  supplier: lazyPage<object>(() => drill().then((m) => ({ default: m.SupplierPage }))),
};

/**
 * Component keys the server's menu may name, mapped to pages. The server can only choose among these;
 * an unknown key renders the 404 page (ARCHITECTURE 4).
 */
export const PAGE_REGISTRY: Readonly<Record<string, TPageEntry>> = {
  workbench: { component: lazyPage(() => import('../features/workbench/WorkbenchPage')), ownHeader: true },
  'visual/chain-d3': {
    component: lazyPage(() => import('../features/graph/ChainNetworkPage')),
    description: 'graph.chain.description',
  },
  'visual/product': {
    component: lazyPage(() => import('../features/graph/ProductNetworkPage')),
    description: 'graph.product.description',
  },
  'userCenter/perbasic': {
    component: lazyPage(() => import('../features/profile/PerBasicPage')),
    description: 'userCenter.perbasic.description',
  },
  'userCenter/perfrom': {
    component: lazyPage(() => import('../features/profile/PerFromPage')),
    description: 'userCenter.perfrom.description',
  },
  'dataChecking/checkLog': {
    component: lazyPage(() => import('../features/checking/CheckLogPage')),
    description: 'checking.list.description',
  },
  'dataChecking/checkLog/detail': {
    component: lazyPage(() => import('../features/checking/CheckDetailPage')),
    description: 'checking.detail.description',
  },
  'dataChecking/checkLog/ruleDetail': {
    component: lazyPage(() => import('../features/checking/RuleDetailPage')),
    description: 'checking.ruleDetail.description',
  },
  'dataChecking/checkLog/errorData': {
    component: lazyPage(() => import('../features/checking/ErrorDataPage')),
    description: 'checking.errorData.description',
  },
  'dataChecking/checkLog/companyTask': {
    component: lazyPage(() => import('../features/checking/CompanyTaskPage')),
    description: 'checking.company.description',
  },
  'dailyMonitor/dailyReport': {
    component: lazyPage(() => import('../features/monitor/DailyReportPage')),
    description: 'monitor.list.description',
  },
  'task/taskList': {
    component: lazyPage(() => import('../features/evidence-task/EvidenceTaskListPage')),
    description: 'evidenceTask.list.description',
  },
  'task/detail': {
    component: lazyPage(() => import('../features/evidence-task/EvidenceTaskDetailPage')),
    description: 'evidenceTask.detail.description',
  },
  'dailyMonitor/reportDetail': {
    component: lazyPage(() => import('../features/monitor/ReportDetailPage')),
    description: 'monitor.detail.description',
  },
  'dailyMonitor/errorDetail': {
    component: lazyPage(() => import('../features/monitor/ErrorDetailPage')),
    description: 'monitor.errors.description',
  },
  'log/list': {
    component: lazyPage(() => import('../features/log/LogListPage')),
    description: 'log.list.description',
  },
  'log/details': {
    component: lazyPage(() => import('../features/log/LogDetailsPage')),
    description: 'log.details.description',
  },
  'message/list': {
    component: lazyPage(() => import('../features/message/MessageListPage')),
    description: 'message.list.description',
  },
  'message/detail': {
    component: lazyPage(() => import('../features/message/MessageDetailPage')),
    description: 'message.detail.description',
  },
  'message/config': {
    component: lazyPage(() => import('../features/message/MessageConfigPage')),
    description: 'message.config.description',
  },
  'account/member': {
    component: lazyPage(() => import('../features/member/MemberListPage')),
    description: 'account.member.listDescription',
  },
  'account/member/memberDetail': {
    component: lazyPage(() => import('../features/member/MemberDetailPage')),
    description: 'account.member.detailDescription',
  },
  'account/member/addMember': {
    component: lazyPage(() => import('../features/member/AddMemberPage')),
    description: 'account.member.addDescription',
  },
  'account/member/editMember': {
    component: lazyPage(() => import('../features/member/EditMemberPage')),
    description: 'account.member.editDescription',
  },
  'account/role': {
    component: lazyPage(() => import('../features/role/RoleListPage')),
    description: 'account.role.listDescription',
  },
  'account/role/roleDetail': {
    component: lazyPage(() => import('../features/role/RoleDetailPage')),
    description: 'account.role.detailDescription',
  },
  'account/role/configAuth': {
    component: lazyPage(() => import('../features/role/ConfigAuthPage')),
    description: 'account.role.configDescription',
  },
  'account/audit': {
    component: lazyPage(() => import('../features/examine/AuditListPage')),
    description: 'account.audit.listDescription',
  },
  'ledger/chainRecords': {
    component: lazyPage(() => import('../features/ledger/ChainRecordsPage')),
    description: 'ledger.records.description',
  },
  ...resourcePages(
    'basicData/project',
    () => import('../features/project/projectResource').then((m) => m.projectResource),
    { list: 'project.listDescription', records: 'imports.records.description' },
  ),
  ...resourcePages(
    'basicData/product',
    () => import('../features/product/productResource').then((m) => m.productResource),
    { list: 'product.listDescription', records: 'imports.records.description' },
  ),
  'basicData/product/detail': {
    component: lazyPage(() => import('../features/product/ProductDetailPage')),
    description: 'product.detailDescription',
  },
  ...resourcePages(
    'basicData/partner',
    () => import('../features/partner/partnerResource').then((m) => m.partnerResource),
    { list: 'partner.listDescription', records: 'imports.records.description' },
  ),
  ...resourcePages(
    'basicData/materialRelation',
    () => import('../features/material-relation/relationResource').then((m) => m.supplierRelationResource),
    { list: 'materialRelation.supplier.listDescription', records: 'imports.records.description' },
  ),
  'basicData/materialRelation/link': {
    component: lazyPage(() =>
      import('../features/material-relation/LinkPage').then((m) => ({
        default: m.relationLinkPage('supplier'),
      })),
    ),
    description: 'materialRelation.supplier.linkDescription',
  },
  ...resourcePages(
    'basicData/custommaterialRelation',
    () => import('../features/material-relation/relationResource').then((m) => m.clientRelationResource),
    { list: 'materialRelation.client.listDescription', records: 'imports.records.description' },
  ),
  'basicData/custommaterialRelation/link': {
    component: lazyPage(() =>
      import('../features/material-relation/LinkPage').then((m) => ({
        default: m.relationLinkPage('client'),
      })),
    ),
    description: 'materialRelation.client.linkDescription',
  },
  ...resourcePages(
    'basicData/materialData',
    () => import('../features/material/materialResource').then((m) => m.purchasedMaterialResource),
    { list: 'material.purchased.listDescription', records: 'imports.records.description' },
  ),
  ...resourcePages(
    'basicData/materialDataIn',
    () => import('../features/material/materialResource').then((m) => m.homemadeMaterialResource),
    { list: 'material.homemade.listDescription', records: 'imports.records.description' },
  ),
  ...documentPages(),
  ...resourcePages(
    'issue/list',
    () => import('../features/ticket/ticketResource').then((m) => m.ticketResource),
    { list: 'ticket.listDescription' },
  ),
  ...resourcePages(
    'issue/recycle',
    () => import('../features/ticket/ticketResource').then((m) => m.recycleResource),
    { list: 'ticket.recycleDescription' },
  ),
  'rule/list': {
    component: lazyPage(() => import('../features/risk/RuleListPage')),
    description: 'risk.listDescription',
  },
  'rule/Factor': {
    component: lazyPage(() => import('../features/risk/FactorPage')),
    description: 'risk.factorDescription',
  },
  'secretkey/perkey': {
    component: lazyPage(() => import('../features/gateway-key/GatewayKeyListPage')),
    description: 'gatewayKey.listDescription',
  },
  'dataManagement/dataList': {
    component: DRILL_PAGES.dataList,
    description: 'dataManagement.dataList.description',
  },
  'dataManagement/vinsnList': {
    component: DRILL_PAGES.vinsnList,
    description: 'dataManagement.vinsnList.description',
  },
  'dataManagement/materialList': {
    component: DRILL_PAGES.materialList,
    description: 'dataManagement.materialList.description',
  },
  'dataManagement/supplier': {
    component: DRILL_PAGES.supplier,
    description: 'dataManagement.supplier.description',
  },
};

export function pageEntry(componentKey: string): TPageEntry | undefined {
  return Object.prototype.hasOwnProperty.call(PAGE_REGISTRY, componentKey)
    ? PAGE_REGISTRY[componentKey]
    : undefined;
}
