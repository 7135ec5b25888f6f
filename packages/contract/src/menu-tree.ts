import { DOCUMENT_TYPES, documentRecords } from './document.ts';
import { materialRecords } from './material.ts';
import type { TMenuDef } from './menu.ts';
import { partnerRecord } from './partner.ts';
import { projectRecord } from './project.ts';
import {
  RECORD_ACTIONS,
  recordActionCodes,
  type TRecordAction,
  type TRecordDeclaration,
  type TRecordField,
} from './record-catalogue.ts';

/*
 * The platform's default enterprise menu: every route of spec 2.2 (plus the product passport,
 * traceability management and authorization management groups of 2.3) and every action code of spec 6.
 * Page codes are PascalCase; action codes use the spec's names where they are unique
 * (CreateMember, ResetPassword ...) and `<Page>:<Action>` for the generic ones (Partner:BatchUpload).
 */

type Opts = Partial<Pick<TMenuDef, 'icon' | 'hidden' | 'affix' | 'back' | 'noCache' | 'component'>>;

const dir = (
  code: string,
  path: string,
  title: string,
  titleEn: string,
  icon: string,
  children: TMenuDef[],
): TMenuDef => ({
  code,
  type: 0,
  path,
  title,
  titleEn,
  icon,
  children,
});

const page = (
  code: string,
  path: string,
  component: string,
  title: string,
  titleEn: string,
  actions: TMenuDef[] = [],
  opts: Opts = {},
): TMenuDef => ({
  code,
  type: 1,
  path,
  title,
  titleEn,
  component,
  ...opts,
  ...(actions.length ? { children: actions } : {}),
});

/** A routable page that is not in the sidebar (details, forms, upload records). */
const hidden = (
  code: string,
  path: string,
  component: string,
  title: string,
  titleEn: string,
  opts: Opts = {},
) => page(code, path, component, title, titleEn, [], { hidden: true, back: true, ...opts });

const act = (code: string, title: string, titleEn: string): TMenuDef => ({
  code,
  type: 2,
  path: '',
  title,
  titleEn,
});

/**
 * A list page: a record-catalogue declaration (its actions are the ones it has endpoints for), or the code of
 * a list that is not one yet (every standard action).
 */
type TListPage = string | Pick<TRecordDeclaration<Record<string, TRecordField>>, 'code' | 'actions'>;

/** The standard actions of a list page, codes `<Page>:<Action>` (RECORD_ACTIONS), then its own. */
const listActions = (p: TListPage, extra: TMenuDef[] = []): TMenuDef[] => [
  ...(typeof p === 'string'
    ? (Object.keys(RECORD_ACTIONS) as TRecordAction[]).map((a) => ({
        code: `${p}:${a}`,
        ...RECORD_ACTIONS[a],
      }))
    : recordActionCodes(p)
  ).map((a) => act(a.code, a.zh, a.en)),
  ...extra,
];

/** A list page with its upload-operation records sub-route (spec 2.2). */
const listWithRecords = (
  p: TListPage,
  path: string,
  component: string,
  title: string,
  titleEn: string,
  extra: TMenuDef[] = [],
): TMenuDef[] => [
  page(typeof p === 'string' ? p : p.code, path, component, title, titleEn, listActions(p, extra)),
  hidden(
    typeof p === 'string' ? p : p.code,
    `${path}/uploadOperation`,
    `${component}/uploadOperation`,
    `${title}上传记录`,
    `${titleEn} upload records`,
  ),
];

/** The list pages of the document types whose route starts with `<group>/`, in catalogue order. */
const documentPages = (group: string): TMenuDef[] =>
  DOCUMENT_TYPES.filter((d) => d.route.startsWith(`${group}/`)).flatMap((d) =>
    listWithRecords(
      documentRecords[d.code]!,
      d.route.slice(group.length + 1),
      d.route,
      d.title.zh,
      d.title.en,
      (d.actions ?? []).map((a) => act(a.code, a.zh, a.en)),
    ),
  );

export const ENTERPRISE_MENU_TREE: TMenuDef[] = [
  page('Workbench', '/workbench', 'workbench', '工作台', 'Workbench', [], { icon: 'dashboard', affix: true }),

  dir('BasicData', '/basicData', '基础数据', 'Master Data', 'database', [
    ...listWithRecords(partnerRecord, 'partner', 'basicData/partner', '合作企业', 'Partner Enterprises', [
      act('Partner:Invite', '邀请', 'Invite'),
    ]),
    ...listWithRecords(projectRecord, 'project', 'basicData/project', '项目编号', 'Project Codes'),
    ...listWithRecords('Product', 'product', 'basicData/product', '产品', 'Products', [
      act('CreateProduct', '新增产品', 'Create product'),
      act('EditProduct', '编辑产品', 'Edit product'),
      act('DeleteProduct', '删除产品', 'Delete product'),
      act('ViewCarbonData', '查看碳足迹', 'View carbon footprint'),
    ]),
    hidden('Product', 'product/detail/:id', 'basicData/product/detail', '产品详情', 'Product Details'),
    ...listWithRecords(
      materialRecords.purchased,
      'materialData',
      'basicData/materialData',
      '物料',
      'Materials',
    ),
    ...listWithRecords(
      materialRecords.homemade,
      'materialDataIn',
      'basicData/materialDataIn',
      '自制半成品',
      'Homemade Semi-finished Products',
    ),
    ...listWithRecords(
      'MaterialRelation',
      'materialRelation',
      'basicData/materialRelation',
      '供应商物料编码映射',
      'Supplier Material Code Mapping',
    ),
    hidden(
      'MaterialRelation',
      'materialRelation/link/:id',
      'basicData/materialRelation/link',
      '关联物料',
      'Link Materials',
    ),
    ...listWithRecords(
      'CustomMaterialRelation',
      'custommaterialRelation',
      'basicData/custommaterialRelation',
      '客户物料编码映射',
      'Client Material Code Mapping',
    ),
    hidden(
      'CustomMaterialRelation',
      'custommaterialRelation/link/:id',
      'basicData/custommaterialRelation/link',
      '关联产品或物料',
      'Link Products or Materials',
    ),
  ]),

  dir('StagePurchase', '/stagePurchase', '采购', 'Purchase', 'shoppingCart', [
    ...documentPages('stagePurchase'),
  ]),
  dir('StageProduction', '/stageProduction', '生产', 'Production', 'build', [
    ...documentPages('stageProduction'),
  ]),
  dir('StageSale', '/stageSale', '销售', 'Sales', 'shop', [...documentPages('stageSale')]),
  dir('StageLogistics', '/stageLogistics', '物流', 'Logistics', 'car', [...documentPages('stageLogistics')]),

  dir('InternalA', '/internalA', '整车销售数据（A）', 'Whole-vehicle Sales (A)', 'table', [
    ...documentPages('internalA'),
  ]),
  dir('InternalB', '/internalB', '关键零部件（B）', 'Key Parts (B)', 'table', [
    ...documentPages('internalB'),
  ]),
  dir('InternalC', '/internalC', '非关键零部件（C）', 'Non-key Parts (C)', 'table', [
    ...documentPages('internalC'),
  ]),
  dir('InternalD', '/internalD', '零部件来源（D）', 'Parts Source (D)', 'table', [
    ...documentPages('internalD'),
  ]),
  dir('InternalE', '/internalE', '供应链数据（E）', 'Supply-chain Data (E)', 'table', [
    ...documentPages('internalE'),
  ]),

  dir('DataManagement', '/dataManagement', '项目数据', 'Project Data', 'folderOpen', [
    page('DataManagement', 'dataList', 'dataManagement/dataList', '项目数据', 'Project Data'),
    hidden('DataManagement', 'vinsnList', 'dataManagement/vinsnList', '产品数据', 'Product Data'),
    hidden('DataManagement', 'materialList', 'dataManagement/materialList', '物料数据', 'Material Data'),
    hidden('DataManagement', 'supplier', 'dataManagement/supplier', '关联供应商', 'Related Suppliers'),
  ]),
  dir('Visual', '/visual', '可视化', 'Visualisation', 'apartment', [
    page('VisualChain', 'chain-d3', 'visual/chain-d3', '供应链网络图', 'Supply-chain Network Map', [
      act('VisualChain:SupplierMap', '供应商信息地图', 'Supplier information map'),
    ]),
    page('VisualProduct', 'product', 'visual/product', '产品网络图', 'Product Network Map'),
  ]),

  dir('DataChecking', '/dataChecking', '数据排查', 'Data Troubleshooting', 'audit', [
    page('CheckLog', 'checkLog', 'dataChecking/checkLog', '排查记录', 'Troubleshooting Records', [
      act('Checking', '发起排查', 'Start troubleshooting'),
      act('Deal', '处理', 'Process'),
      act('Resolved', '解决', 'Resolve'),
      act('CheckLog:Export', '导出异常数据', 'Export abnormal data'),
    ]),
    hidden(
      'CheckLog',
      'checkLog/detail',
      'dataChecking/checkLog/detail',
      '排查详情',
      'Troubleshooting Details',
    ),
    hidden('CheckLog', 'checkLog/ruleDetail', 'dataChecking/checkLog/ruleDetail', '规则详情', 'Rule Details'),
    hidden(
      'CheckLog',
      'checkLog/errorData/:enterpriseCheckRecordId',
      'dataChecking/checkLog/errorData',
      '异常数据',
      'Abnormal Data',
    ),
    hidden(
      'CheckLog',
      'checkLog/companyTask',
      'dataChecking/checkLog/companyTask',
      '企业任务',
      'Company Task',
    ),
  ]),
  dir('Rule', '/rule', '风险规则', 'Risk Rules', 'safety', [
    page('RuleList', 'list', 'rule/list', '风险区域规则', 'Risk Area Rules', [
      act('CreateRule', '新增规则', 'Create rule'),
      act('EditRule', '编辑规则', 'Edit rule'),
      act('DeleteRule', '删除规则', 'Delete rule'),
      act('SetFactors', '设置因子', 'Set factors'),
    ]),
    hidden('RuleList', 'Factor', 'rule/Factor', '设置规则因子', 'Set Rule Factors'),
  ]),
  dir('DailyMonitor', '/dailyMonitor', '日常监控', 'Daily Monitoring', 'monitor', [
    page('DailyReport', 'dailyReport', 'dailyMonitor/dailyReport', '监控日报', 'Daily Reports'),
    hidden('DailyReport', 'reportDetail', 'dailyMonitor/reportDetail', '日报详情', 'Report Details'),
    hidden('DailyReport', 'errorDetail', 'dailyMonitor/errorDetail', '异常详情', 'Abnormal Details'),
  ]),
  dir('Task', '/task', '证据包导出', 'Evidence Packages', 'export', [
    page('TaskList', 'taskList', 'task/taskList', '导出任务', 'Export Tasks', [
      act('TaskList:Create', '创建任务', 'Create task'),
      act('TaskList:Retry', '重试', 'Retry'),
      act('TaskList:Cancel', '作废', 'Cancel'),
      act('TaskList:Download', '下载', 'Download'),
    ]),
    hidden('TaskList', 'detail/:taskId', 'task/detail', '任务详情', 'Task Details'),
  ]),
  dir('Evidence', '/evidence', '区块链存证', 'On-chain Evidence', 'link', [
    page('ChainRecords', 'chainRecords', 'ledger/chainRecords', '存证记录', 'Evidence Records'),
  ]),

  dir('ProductPassport', '/productPassport', '产品护照', 'Product Passport', 'idcard', [
    page('TraceTemplate', 'template', 'productPassport/template', '溯源模板', 'Traceability Templates', [
      act('TraceTemplate:Create', '新建模板', 'Create template'),
      act('TraceTemplate:Edit', '编辑模板', 'Edit template'),
      act('TraceTemplate:Config', '配置模板', 'Configure template'),
      act('TraceTemplate:EnableDisable', '启用/停用', 'Enable or disable'),
      act('TraceTemplate:SetDefault', '设为默认', 'Set as default'),
      act('TraceTemplate:Delete', '删除模板', 'Delete template'),
    ]),
    hidden(
      'TraceTemplate',
      'template/config/:uuid',
      'productPassport/template/config',
      '模板配置',
      'Template Configuration',
    ),
    hidden(
      'TraceTemplate',
      'template/versions/:uuid',
      'productPassport/template/versions',
      '模板版本',
      'Template Versions',
    ),
    page(
      'ProductTemplate',
      'productTemplate',
      'productPassport/productTemplate',
      '产品溯源模板配置',
      'Product Template Configuration',
    ),
  ]),
  dir('TraceManagement', '/traceManagement', '溯源管理', 'Traceability Management', 'qrcode', [
    page('TraceCode', 'code', 'traceManagement/code', '溯源码', 'Traceability Codes', [
      act('TraceCode:Create', '生成溯源码', 'Create codes'),
      act('TraceCode:Activate', '激活', 'Activate'),
      act('TraceCode:Freeze', '冻结', 'Freeze'),
      act('TraceCode:Unfreeze', '解冻', 'Unfreeze'),
      act('TraceCode:Preview', '预览', 'Preview'),
      act('TraceCode:Download', '下载图片码', 'Download image codes'),
      act('TraceCode:ViewChain', '查看链上信息', 'View on chain'),
    ]),
    page('TraceCodeData', 'codeData', 'traceManagement/codeData', '溯源码数据', 'Traceability Code Data'),
    page('IdRuleView', 'idRule', 'traceManagement/idRule', '标识规则', 'ID Rules'),
    page('CodeRuleView', 'codeRule', 'traceManagement/codeRule', '编码规则', 'Code Rules'),
  ]),
  dir('Authorization', '/authorization', '授权管理', 'Authorization', 'safetyCertificate', [
    page('AuthApply', 'apply', 'authorization/apply', '授权申请记录', 'Authorization Applications', [
      act('Request', '申请', 'Request'),
      act('Cancel', '撤销', 'Cancel'),
    ]),
    page('AuthAudit', 'audit', 'authorization/audit', '授权审核', 'Authorization Audit', [
      act('AuthAudit:Audit', '审核', 'Audit'),
      act('AuthAudit:BatchAudit', '批量审核', 'Bulk audit'),
      act('AuthAudit:ViewToAudit', '查看待审核', 'View to audit'),
      act('AuthAudit:ViewAudited', '查看已审核', 'View audited'),
    ]),
    page('AuthEnterprise', 'enterprise', 'authorization/enterprise', '授权企业', 'Authorized Companies', [
      act('Disassociate', '解除关联', 'Disassociate'),
      act('AuthEnterprise:BatchDownload', '批量下载', 'Bulk download'),
    ]),
    page('AuthKey', 'key', 'authorization/key', '授权密钥', 'Authorization Keys', [
      act('AuthKey:View', '查看密钥', 'View key'),
    ]),
  ]),

  dir('Message', '/message', '消息中心', 'Message Centre', 'bell', [
    page('MessageList', 'list', 'message/list', '消息列表', 'Messages', [
      act('Message:Delete', '删除', 'Delete'),
      act('Message:AllDelete', '全部删除', 'Delete all'),
      act('Message:Read', '标为已读', 'Mark as read'),
      act('Message:AllRead', '全部已读', 'Mark all as read'),
    ]),
    hidden('MessageList', 'detail/:id', 'message/detail', '消息详情', 'Message Details'),
    page('MessageConfig', 'config', 'message/config', '消息设置', 'Message Settings'),
  ]),
  dir('Issue', '/issue', '工单', 'Work Orders', 'customerService', [
    page('IssueList', 'list', 'issue/list', '工单列表', 'Work Orders', [
      act('CreateWorkOrder', '提交工单', 'Create work order'),
      act('CancelWorkOrder', '撤销工单', 'Cancel work order'),
      act('DeleteWorkOrder', '删除工单', 'Delete work order'),
      act('ViewStatusLog', '查看状态记录', 'View status log'),
    ]),
    page('IssueRecycle', 'recycle', 'issue/recycle', '回收站', 'Recycle Bin', [
      act('IssueRecycle:Restore', '恢复', 'Restore'),
      act('IssueRecycle:Purge', '彻底删除', 'Delete permanently'),
    ]),
  ]),
  dir('SecretKey', '/secretkey', '网关密钥', 'Gateway Keys', 'key', [
    page('PerKey', 'perkey', 'secretkey/perkey', '网关密钥', 'Gateway Keys', [
      act('CreateSecret', '创建密钥', 'Create secret'),
      act('ResetSecret', '重置密钥', 'Reset secret'),
      act('PerKey:Status', '启用/停用', 'Enable or disable'),
    ]),
  ]),

  dir('UserCenter', '/userCenter', '用户中心', 'User Centre', 'user', [
    page('PerBasic', 'perbasic', 'userCenter/perbasic', '基本信息', 'Basic Information', [
      act('EditUserName', '修改用户名', 'Edit user name'),
      act('EditEmail', '修改邮箱', 'Edit e-mail'),
      act('EditPassword', '修改密码', 'Edit password'),
      act('EditSession', '修改会话时长', 'Edit session timeout'),
      act('EditProfilePhoto', '修改头像', 'Edit profile photo'),
    ]),
    page('PerFrom', 'perfrom', 'userCenter/perfrom', '企业信息', 'Company Information', [
      act('EditAddress', '修改地址', 'Edit address'),
      act('EditEnglishName', '修改英文名称', 'Edit English name'),
      act('ViewBlockchainCertificate', '查看区块链证书', 'View blockchain certificate'),
    ]),
  ]),
  dir('Account', '/account', '账号管理', 'Accounts', 'team', [
    page('Member', 'member', 'account/member', '成员管理', 'Members', [
      act('CreateMember', '新增成员', 'Create member'),
      act('EditMember', '编辑成员', 'Edit member'),
      act('ResetPassword', '重置密码', 'Reset password'),
      act('Member:EnableDisable', '启用/停用', 'Enable or disable'),
      act('Member:TransferAdmin', '转让管理员', 'Transfer administrator'),
    ]),
    hidden('Member', 'member/memberDetail/:id', 'account/member/memberDetail', '成员详情', 'Member Details'),
    hidden('Member', 'member/addMember', 'account/member/addMember', '新增成员', 'Create Member', {
      noCache: true,
    }),
    hidden('Member', 'member/editMember/:id', 'account/member/editMember', '编辑成员', 'Edit Member', {
      noCache: true,
    }),
    page('Role', 'role', 'account/role', '角色管理', 'Roles', [
      act('CreateRole', '新增角色', 'Create role'),
      act('EditRole', '编辑角色', 'Edit role'),
      act('SetPermission', '配置权限', 'Set permissions'),
      act('Role:EnableDisable', '启用/停用', 'Enable or disable'),
    ]),
    hidden('Role', 'role/roleDetail/:id', 'account/role/roleDetail', '角色详情', 'Role Details'),
    hidden('Role', 'role/configAuth/:id', 'account/role/configAuth', '配置权限', 'Configure Permissions', {
      noCache: true,
    }),
    page('MemberAudit', 'audit', 'account/audit', '成员审核', 'Member Audit', [
      act('Audit', '审核', 'Audit'),
      act('BatchAudit', '批量审核', 'Bulk audit'),
    ]),
  ]),
  dir('Log', '/log', '系统日志', 'System Log', 'fileSearch', [
    page('Log', 'list', 'log/list', '系统日志', 'System Log', [act('Log:Export', '导出', 'Export')]),
    hidden('Log', 'details/:id', 'log/details', '日志详情', 'Log Details', { noCache: true }),
  ]),
];

/**
 * The user centre's own-account page and operations, held by every member whatever its roles: changing
 * one's own password, e-mail and profile never depends on a role (security review, finding 2). The
 * server's menu and user info add them; the profile endpoints declare no code.
 */
export const OWN_ACCOUNT_CODES: ReadonlySet<string> = new Set([
  'UserCenter',
  'PerBasic',
  'EditUserName',
  'EditEmail',
  'EditPassword',
  'EditSession',
  'EditProfilePhoto',
]);

/** Component keys of the pages that are built; only these are served and offered in role configuration. */
export const AVAILABLE_PAGES: ReadonlySet<string> = new Set([
  'workbench',
  'userCenter/perbasic',
  'userCenter/perfrom',
  'log/list',
  'log/details',
  'message/list',
  'message/detail',
  'message/config',
  'account/member',
  'account/member/memberDetail',
  'account/member/addMember',
  'account/member/editMember',
  'account/role',
  'account/role/roleDetail',
  'account/role/configAuth',
  'account/audit',
  'ledger/chainRecords',
  'basicData/project',
  'basicData/project/uploadOperation',
  'basicData/product',
  'basicData/product/uploadOperation',
  'basicData/product/detail',
  'basicData/materialData',
  'basicData/materialData/uploadOperation',
  'basicData/materialDataIn',
  'basicData/materialDataIn/uploadOperation',
  'basicData/partner',
  'basicData/partner/uploadOperation',
  'basicData/materialRelation',
  'basicData/materialRelation/uploadOperation',
  'basicData/materialRelation/link',
  'basicData/custommaterialRelation',
  'basicData/custommaterialRelation/uploadOperation',
  'basicData/custommaterialRelation/link',
  'dataManagement/dataList',
  'dataManagement/vinsnList',
  'dataManagement/materialList',
  'dataManagement/supplier',
  'visual/chain-d3',
  'visual/product',
  'dataChecking/checkLog',
  'dataChecking/checkLog/detail',
  'dataChecking/checkLog/ruleDetail',
  'dataChecking/checkLog/errorData',
  'dataChecking/checkLog/companyTask',
  'issue/list',
  'issue/recycle',
  'secretkey/perkey',
  'rule/list',
  'rule/Factor',
  'dailyMonitor/dailyReport',
  'dailyMonitor/reportDetail',
  'dailyMonitor/errorDetail',
  'task/taskList',
  'task/detail',
  // Every document list of the catalogue with its upload records.
  ...DOCUMENT_TYPES.flatMap((d) => [d.route, `${d.route}/uploadOperation`]),
]);
