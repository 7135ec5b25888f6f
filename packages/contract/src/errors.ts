import { interpolate, type TBilingual, type TLang } from './i18n/lang.ts';

/**
 * The error-code catalogue. Codes E1002, U0005, U0007, U0009 and F1016 are the spec's (section 8) and
 * drive client behaviour; the others are ours, grouped by prefix: E = request/platform, U = user/session,
 * F = files and imports, B = business rules, G = gateway-key signed requests, T = background tasks.
 */
export const ERRORS = {
  SUCCESS: { code: '0000', http: 200, zh: '操作成功', en: 'Success' },
  INTERNAL: {
    code: 'E1000',
    http: 500,
    zh: '系统繁忙，请稍后再试',
    en: 'The system is busy, please try again later',
  },
  VALIDATION: { code: 'E1001', http: 400, zh: '参数校验失败：{detail}', en: 'Invalid request: {detail}' },
  /** Spec: the client redirects to the root page. We use it when the session's enterprise is unusable. */
  ENTERPRISE_UNAVAILABLE: {
    code: 'E1002',
    http: 403,
    zh: '当前企业不可用，请重新选择企业',
    en: 'The current enterprise is not available, please select an enterprise again',
  },
  NOT_FOUND: {
    code: 'E1003',
    http: 404,
    zh: '请求的资源不存在',
    en: 'The requested resource does not exist',
  },
  ROUTE_NOT_FOUND: { code: 'E1004', http: 404, zh: '接口不存在：{route}', en: 'No such API: {route}' },
  PAYLOAD_TOO_LARGE: {
    code: 'E1005',
    http: 413,
    zh: '请求内容过大，最大 5MB',
    en: 'The request is too large, the maximum is 5MB',
  },
  MALFORMED_JSON: {
    code: 'E1006',
    http: 400,
    zh: '请求体不是有效的 JSON',
    en: 'The request body is not valid JSON',
  },
  UNSUPPORTED_MEDIA: {
    code: 'E1007',
    http: 415,
    zh: '不支持的内容类型：{type}',
    en: 'Unsupported content type: {type}',
  },
  FORBIDDEN: {
    code: 'E1008',
    http: 403,
    zh: '没有操作权限',
    en: 'You do not have permission for this operation',
  },
  TOO_MANY_REQUESTS: {
    code: 'E1009',
    http: 429,
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests, please try again in {seconds} seconds',
  },
  METHOD_NOT_ALLOWED: { code: 'E1010', http: 405, zh: '不支持的请求方法', en: 'Method not allowed' },
  MALFORMED_URL: {
    code: 'E1011',
    http: 400,
    zh: '请求地址格式无效',
    en: 'The request URL is malformed',
  },
  URL_TOO_LONG: { code: 'E1012', http: 414, zh: '请求地址过长', en: 'The request URL is too long' },

  LOGIN_FAILED: { code: 'U0001', http: 400, zh: '邮箱/用户名或密码错误', en: 'Invaild email/password' },
  ACCOUNT_DISABLED: {
    code: 'U0002',
    http: 403,
    zh: '您的账号已被禁用',
    en: 'Your account has been disabled.',
  },
  COMPANY_DISABLED: {
    code: 'U0003',
    http: 403,
    zh: '您的企业已被禁用。',
    en: 'Your company has been disabled.',
  },
  /** Sign-in throttling (server modules/auth/throttle.ts): a delay, never a lock of the account for everyone. */
  LOGIN_LOCKED: {
    code: 'U0004',
    http: 429,
    zh: '登录失败次数过多，请 {seconds} 秒后再试',
    en: 'Too many failed sign-in attempts, please try again in {seconds} seconds',
  },
  /** Spec: reset the token and reload. */
  SESSION_EXPIRED: {
    code: 'U0005',
    http: 401,
    zh: '登录已过期，请重新登录',
    en: 'Your session has expired, please sign in again',
  },
  VERIFY_KEY_INVALID: {
    code: 'U0006',
    http: 400,
    zh: '登录校验已失效，请重新登录',
    en: 'The sign-in check has expired, please sign in again',
  },
  /** Spec: redirect to the login page. */
  NOT_LOGGED_IN: { code: 'U0007', http: 401, zh: '请先登录', en: 'Please sign in first' },
  VERIFY_CODE_INVALID: {
    code: 'U0008',
    http: 400,
    zh: '验证码错误或已过期',
    en: 'The verification code is wrong or has expired',
  },
  /** Spec: reset the token and reload. We use it when a session was ended elsewhere (logout, switch, disable). */
  SESSION_REVOKED: {
    code: 'U0009',
    http: 401,
    zh: '会话已失效，请重新登录',
    en: 'Your session is no longer valid, please sign in again',
  },
  USERNAME_EXISTS: { code: 'U0010', http: 400, zh: '用户名已存在', en: 'Username exists' },
  EMAIL_EXISTS: { code: 'U0011', http: 400, zh: '邮箱已存在', en: 'Email exists' },
  PASSWORD_MISMATCH: {
    code: 'U0012',
    http: 400,
    zh: '两次输入的密码不一致',
    en: 'Inconsistent password input',
  },
  AGREEMENT_REQUIRED: {
    code: 'U0013',
    http: 400,
    zh: '请阅读并同意用户协议',
    en: 'Please read and accept the user agreement',
  },
  ENTERPRISE_NOT_LINKED: {
    code: 'U0014',
    http: 403,
    zh: '您的账号未关联该企业或关联尚未通过审核',
    en: 'Your account is not linked to this enterprise, or the link is not approved yet',
  },
  VERIFY_CODE_TOO_FREQUENT: {
    code: 'U0015',
    http: 429,
    zh: '验证码发送过于频繁，请 {seconds} 秒后再试',
    en: 'Verification codes are sent too often, please try again in {seconds} seconds',
  },
  PASSWORD_WRONG: { code: 'U0016', http: 400, zh: '密码错误', en: 'Invaild password' },
  // U0017 (e-mail not registered) is retired: code requests answer known and unknown addresses alike.
  /**
   * The account signed in with a one-time password an administrator was shown: until it sets its own, the
   * sign-in may only change the password (/login/changePassword); every other call is refused.
   */
  PASSWORD_CHANGE_REQUIRED: {
    code: 'U0018',
    http: 403,
    zh: '请先设置新密码：一次性密码只能用于修改密码',
    en: 'Set a new password first: a one-time password can only be used to change the password',
  },
  PASSWORD_NOT_NEW: {
    code: 'U0019',
    http: 400,
    zh: '新密码不能与一次性密码相同',
    en: 'The new password must differ from the one-time password',
  },

  LINK_ENTERPRISE_UNKNOWN: {
    code: 'B2001',
    http: 400,
    zh: '平台上没有该统一社会信用代码的已认证企业',
    en: 'No certified enterprise with this unified social credit code is on the platform',
  },
  LINK_LIMIT_REACHED: {
    code: 'B2002',
    http: 400,
    zh: '一个账号最多关联 {max} 家企业',
    en: 'An account can be linked to at most {max} enterprises',
  },
  LINK_OPEN_APPLICATION: {
    code: 'B2003',
    http: 400,
    zh: '您有待审核或已驳回的申请，请先撤销或删除',
    en: 'You have a pending or rejected application; cancel or delete it first',
  },
  LINK_ALREADY_LINKED: {
    code: 'B2004',
    http: 400,
    zh: '您的账号已关联该企业',
    en: 'Your account is already linked to this enterprise',
  },
  LINK_STATE_INVALID: {
    code: 'B2005',
    http: 400,
    zh: '该申请当前状态不允许此操作',
    en: 'This application does not allow this operation in its current state',
  },

  CERTIFICATION_DUPLICATE: {
    code: 'B2010',
    http: 400,
    zh: '该企业已提交认证，请联系该企业管理员加入企业',
    en: 'This company has already been submitted to authenticate. Please join it through its administrator.',
  },
  CERTIFY_LIMIT_REACHED: {
    code: 'B2011',
    http: 400,
    zh: '您已关联 6 家企业，不能再认证新企业',
    en: 'You are linked to 6 enterprises and cannot certify another one',
  },
  CERTIFICATION_STATE_INVALID: {
    code: 'B2012',
    http: 400,
    zh: '该认证当前状态不允许此操作',
    en: 'This certification does not allow this operation in its current state',
  },
  ROLE_NAME_EXISTS: { code: 'B2020', http: 400, zh: '角色名称已存在', en: 'Role name exists' },
  ROLE_NAME_LOCKED: {
    code: 'B2021',
    http: 400,
    zh: '角色已分配给成员，不能修改名称',
    en: 'The role is assigned to members, its name cannot be changed',
  },
  ROLE_NEEDS_PERMISSIONS: {
    code: 'B2022',
    http: 400,
    zh: '请先为角色配置权限再启用',
    en: 'Configure the role’s permissions before enabling it',
  },
  ROLE_IN_USE: {
    code: 'B2023',
    http: 400,
    zh: '角色已分配给成员，不能停用',
    en: 'The role is assigned to members and cannot be disabled',
  },
  ROLE_NOT_ASSIGNABLE: {
    code: 'B2024',
    http: 400,
    zh: '只能分配本企业已启用的角色',
    en: 'Only enabled roles of this enterprise can be assigned',
  },
  ADMIN_PROTECTED: {
    code: 'B2025',
    http: 400,
    zh: '不能对企业管理员执行此操作',
    en: 'This operation is not allowed on the enterprise administrator',
  },
  USERNAME_EDIT_LIMIT: {
    code: 'B2026',
    http: 400,
    zh: '用户名每年最多修改 2 次',
    en: 'The user name can be changed at most twice a year',
  },
  /** The account's password is its own across enterprises: one enterprise must not reset it for another. */
  MEMBER_SHARED_ACCOUNT: {
    code: 'B2027',
    http: 400,
    zh: '该成员的账号还关联了其他企业，不能重置密码；成员可通过邮箱验证码登录后自行修改',
    en: 'This member’s account is also linked to other enterprises, so its password cannot be reset here; the member can sign in with an e-mailed code and change it',
  },
  ADMIN_TRANSFER_TARGET: {
    code: 'B2028',
    http: 400,
    zh: '只能将管理员转让给本企业已启用的其他成员',
    en: 'The administrator role can only be transferred to another enabled member of this enterprise',
  },
  MODULE_NOT_CONFIGURED: {
    code: 'B2030',
    http: 403,
    zh: '该模块尚未为贵企业配置，请联系企业管理员',
    en: 'This module is not configured for your company, please contact the enterprise administrator',
  },
  /** Spec 8: master data that business data references cannot be deleted. */
  RECORD_IN_USE: {
    code: 'B2040',
    http: 400,
    zh: '该产品/物料/关联关系/企业已应用于关键流程，请先删除相关流程数据',
    en: 'Please delete related processes data in advance, because this product/material/association/company has already been applied to key processes.',
  },
  PROJECT_CODE_EXISTS: {
    code: 'B2041',
    http: 400,
    zh: '项目编号已存在',
    en: 'Project code exists',
  },
  /** Partners are unique per type (supplier or client) by code and by USCI. */
  PARTNER_CODE_EXISTS: {
    code: 'B2060',
    http: 400,
    zh: '该类型下编码相同的合作企业已存在',
    en: 'A partner of this type with this code exists',
  },
  PARTNER_USCI_EXISTS: {
    code: 'B2061',
    http: 400,
    zh: '该类型下统一社会信用代码相同的合作企业已存在',
    en: 'A partner of this type with this unified social credit code exists',
  },
  /** A material code mapping names a partner the enterprise does not have (of the page's type). */
  PARTNER_UNKNOWN: {
    code: 'B2062',
    http: 400,
    zh: '合作企业不存在，请重新选择',
    en: 'The partner does not exist, please choose again',
  },
  /** Mappings are unique per direction by partner code and partner material number. */
  MATERIAL_RELATION_EXISTS: {
    code: 'B2063',
    http: 400,
    zh: '该合作企业的物料号映射已存在',
    en: "A mapping of this partner's material number exists",
  },
  /** The link page names an own material or product that does not exist or cannot be linked here. */
  MATERIAL_RELATION_TARGET_INVALID: {
    code: 'B2064',
    http: 400,
    zh: '所选物料或产品不存在或不可关联，请刷新后重试',
    en: 'The chosen material or product does not exist or cannot be linked; refresh and try again',
  },
  /** Materials are unique by nature, code and batch number. */
  MATERIAL_EXISTS: {
    code: 'B2050',
    http: 400,
    zh: '编号与批次号相同的物料已存在',
    en: 'A material with this code and batch number exists',
  },
  /** Products are unique by code, batch number and VIN/SN. */
  PRODUCT_EXISTS: {
    code: 'B2070',
    http: 400,
    zh: '产品编码、批次号与车架号/序列号均相同的产品已存在',
    en: 'A product with this code, batch number and VIN/SN exists',
  },

  /** Document lines are unique per type by number, item code, batch number and VIN/SN. */
  DOCUMENT_EXISTS: {
    code: 'B2080',
    http: 400,
    zh: '单号、物料/产品编码、批次号与车架号/序列号均相同的单据已存在',
    en: 'A document with this number, item code, batch number and VIN/SN exists',
  },
  /** Spec 5, 8: a sales delivery with returns cannot be deleted. */
  SALES_RETURNS_EXIST: {
    code: 'B2081',
    http: 400,
    zh: '存在销售退货，无法删除',
    en: 'Sales returns exist and cannot be deleted.',
  },
  /** Spec 8: a return larger than what is left of the delivered or received quantity. */
  RETURN_EXCEEDED: {
    code: 'B2082',
    http: 400,
    zh: '无法导入，超出可退货数量',
    en: 'Unable to import, exceeded returnable quantity',
  },
  /** Spec 8: a sales return whose delivery (number, item and lot) is not found. */
  RETURN_SOURCE_MISSING: {
    code: 'B2083',
    http: 400,
    zh: '无法导入，未找到销售数据',
    en: 'Unable to import, no sales data found',
  },
  /** A purchase return whose receipt (number, item and lot) is not found. */
  RETURN_RECEIPT_MISSING: {
    code: 'B2084',
    http: 400,
    zh: '无法导入，未找到采购入库数据',
    en: 'Unable to import, no receipt data found',
  },
  /** A document that names a partner code the enterprise does not have on the document's side. */
  DOCUMENT_PARTNER_UNKNOWN: {
    code: 'B2085',
    http: 400,
    zh: '合作企业编码不存在，请先在合作企业中添加',
    en: 'Unknown partner code; add the partner under partner enterprises first',
  },
  /** Deleting or changing a document that returns or production completions refer to. */
  DOCUMENT_IN_USE: {
    code: 'B2086',
    http: 400,
    zh: '该单据已被其他单据引用，请先删除引用它的单据',
    en: 'Other documents refer to this document; delete them first',
  },

  LEDGER_NOT_SEALED: {
    code: 'L3001',
    http: 404,
    zh: '业务数据尚未上链，请稍后刷新',
    en: 'Business data has not been recorded on blockchain yet, refresh later',
  },
  LEDGER_NOT_FOUND: {
    code: 'L3002',
    http: 404,
    zh: '链上没有找到该哈希的记录',
    en: 'No record with this hash is on the ledger',
  },
  /** The stored record, its tree nodes or its block no longer verify: tampering or corruption. */
  LEDGER_INTEGRITY: {
    code: 'L3003',
    http: 409,
    zh: '该记录的链上证明校验失败，数据可能已被篡改',
    en: 'The ledger proof of this record failed verification; the data may have been tampered with',
  },

  /** Spec: evidence VIN upload errors; the client shows a link to the error log. */
  TICKET_STATE_INVALID: {
    code: 'B2090',
    http: 409,
    zh: '工单当前状态不允许此操作，请刷新后重试',
    en: "The work order's current status does not allow this operation, please refresh and try again",
  },
  TICKET_ATTACHMENT_INVALID: {
    code: 'B2091',
    http: 400,
    zh: '附件不是您为工单上传的有效文件，请重新上传',
    en: 'An attachment is not a file you uploaded for a work order, please upload it again',
  },

  // Data troubleshooting (spec 5 "Troubleshooting creation", 8; contract checking.ts).
  CHECK_NO_COMPANY: {
    code: 'B2150',
    http: 400,
    zh: '请至少选择一家企业',
    en: 'Select at least one company',
  },
  CHECK_NO_RULE: { code: 'B2151', http: 400, zh: '请至少勾选一条规则', en: 'Check at least one rule' },
  CHECK_SPAN_TOO_LONG: {
    code: 'B2152',
    http: 400,
    zh: '时间范围最长为{days}天',
    en: 'The time range may span at most {days} days',
  },
  CHECK_TOO_MANY_CHECKS: {
    code: 'B2153',
    http: 400,
    zh: '每个任务最多包含{max}条规则',
    en: 'A task holds at most {max} checks',
  },
  CHECK_TASK_RUNNING: {
    code: 'B2154',
    http: 409,
    zh: '存在进行中任务的企业，不能重复创建任务',
    en: 'Tasks cannot be created repeatedly for companies with a running task',
  },
  CHECK_NO_PENDING_VIN: { code: 'B2155', http: 400, zh: '暂无待排查VIN数据', en: 'No pending VIN data' },
  CHECK_PACKAGE_UNKNOWN: {
    code: 'B2156',
    http: 404,
    zh: '规则包不存在',
    en: 'The rule package does not exist',
  },
  CHECK_PACKAGE_MANDATORY: {
    code: 'B2157',
    http: 400,
    zh: '制造型、贸易型企业必须执行规则包的全部规则',
    en: 'Manufacturing and trading companies must run every check of the rule package',
  },
  CHECK_NOT_IN_PACKAGE: {
    code: 'B2158',
    http: 400,
    zh: '规则{check}不属于所选规则包',
    en: 'The check {check} is not part of the chosen rule package',
  },
  CHECK_TIME_RANGE_REQUIRED: {
    code: 'B2159',
    http: 400,
    zh: '请选择排查时间范围，结束时间不能早于开始时间',
    en: 'Choose the time range to check; its end cannot come before its start',
  },
  CHECK_VINS_REQUIRED: { code: 'B2161', http: 400, zh: '请输入要排查的VIN', en: 'Enter the VINs to check' },
  CHECK_VINS_OVER_AMOUNT: {
    code: 'B2162',
    http: 400,
    zh: 'VIN数量超过最大数量{max}',
    en: 'More VINs than the maximum amount of {max}',
  },
  CHECK_TASK_NOT_RESTARTABLE: {
    code: 'B2160',
    http: 409,
    zh: '只有已结束的任务可以重新发起',
    en: 'Only a task that has ended can be restarted',
  },
  /** Company abnormal-data tasks (checking.ts companyTaskTransition): each refusal in words. */
  COMPANY_TASK_WRONG_STATE: {
    code: 'B2170',
    http: 409,
    zh: '该任务当前的状态不允许此操作',
    en: 'The task is in a state that does not allow this action',
  },
  COMPANY_TASK_WRONG_SIDE: {
    code: 'B2171',
    http: 403,
    zh: '此操作只能由任务的另一方执行',
    en: 'Only the other party of the task can take this action',
  },
  COMPANY_TASK_RESULT_REQUIRED: {
    code: 'B2172',
    http: 400,
    zh: '请选择处理结果',
    en: 'Select a result',
  },
  COMPANY_TASK_REASON_REQUIRED: {
    code: 'B2173',
    http: 400,
    zh: '请填写驳回原因',
    en: 'Enter the reason for rejecting',
  },
  COMPANY_TASK_COMMENT_TOO_LONG: {
    code: 'B2174',
    http: 400,
    zh: '备注最多{max}个字符',
    en: 'The comment is at most {max} characters',
  },
  // Daily monitoring (contract monitor.ts).
  MONITOR_DATE_IN_FUTURE: {
    code: 'B2180',
    http: 400,
    zh: '只能监控今天及以前的日期',
    en: 'Only today or an earlier day can be monitored',
  },
  /** Issue 16 item 4: a task's VIN map check exists once its run has completed. */
  CHECK_MAP_NOT_READY: {
    code: 'B2190',
    http: 409,
    zh: '任务尚未执行完成，暂无VIN地图校验结果',
    en: 'The task has not completed yet: its VIN map check is not available',
  },
  // Evidence packages (contract evidence-package.ts, issue 17).
  PACKAGE_SCOPE_NOT_FOUND: {
    code: 'B2201',
    http: 404,
    zh: '未找到本企业的追溯对象：{value}',
    en: 'No traced record of your enterprise for {value}',
  },
  PACKAGE_NOTHING_SEALED: {
    code: 'B2202',
    http: 409,
    zh: '追溯链上的记录尚未上链，请稍后再试',
    en: 'The records of the traced chain are not sealed yet, please try again later',
  },
  // Evidence-package export tasks (contract evidence-task.ts, spec 4 and 8).
  EVIDENCE_TASK_EXISTS: {
    code: 'B2210',
    http: 409,
    zh: '相同条件的证据包任务已存在，请勿重复创建',
    en: 'A task with these conditions already exists; it is not created twice',
  },
  EVIDENCE_TOO_MANY_VINS: {
    code: 'B2211',
    http: 400,
    zh: '证据包过大，请减少VIN数量（每个任务最多 {limit} 个，当前 {count} 个），请分批创建',
    en: 'Evidence package too large, reduce the VIN count (at most {limit} per task, this one has {count}); split it into batches',
  },
  EVIDENCE_UPLOAD_UNKNOWN: {
    code: 'B2212',
    http: 404,
    zh: 'VIN清单不存在或已过期，请重新上传',
    en: 'The VIN list is unknown or has expired; upload it again',
  },
  EVIDENCE_PACKAGE_TOO_LARGE: {
    code: 'B2213',
    http: 400,
    zh: '证据包过大，请减少VIN数量',
    en: 'Evidence package too large, reduce the VIN count',
  },
  EVIDENCE_NOT_DOWNLOADABLE: {
    code: 'B2214',
    http: 409,
    zh: '任务尚未完成或已作废，暂无可下载的证据包',
    en: 'The task has not completed or was cancelled: there is no package to download',
  },
  /** The product network starts from a lot or a unit: a product row with neither cannot be traced. */
  GRAPH_PRODUCT_NO_LOT: {
    code: 'B2301',
    http: 400,
    zh: '该产品没有批次号或VIN/SN，无法生成产品网络图',
    en: 'This product has no batch number or VIN/SN, so it has no network to draw',
  },
  /** Spec 4 and 8: a risk rule is enabled only once its factors are set. */
  RISK_FACTORS_REQUIRED: {
    code: 'B2101',
    http: 409,
    zh: '请先设置因子再启用该规则！',
    en: 'Please set factors before enabling this rule!',
  },
  RISK_RULE_ENABLED: {
    code: 'B2102',
    http: 409,
    zh: '该规则已启用，请先停用再删除',
    en: 'This rule is enabled; disable it before deleting it',
  },
  RISK_RULE_EXISTS: {
    code: 'B2103',
    http: 409,
    zh: '规则名称已存在',
    en: 'A rule with this name already exists',
  },
  FILE_ROWS_INVALID: {
    code: 'F1016',
    http: 400,
    zh: '文件数据有误，请下载错误日志查看',
    en: 'The file has invalid rows, download the error log for details',
  },
  FILE_TOO_LARGE: { code: 'F1001', http: 413, zh: '文件大小不能超过 5MB', en: 'Max5MB' },
  FILE_TYPE_INVALID: {
    code: 'F1002',
    http: 400,
    zh: '只支持 {types} 格式的文件',
    en: 'Only {types} files are supported',
  },
  // Why an import failed as a whole (its record's errorCode): the file could not be used, nothing was written.
  IMPORT_FILE_UNREADABLE: {
    code: 'F1003',
    http: 400,
    zh: '文件已损坏或不是有效的 Excel 工作簿，请检查后重新导入',
    en: 'The file is damaged or is not a valid Excel workbook; check it and import it again',
  },
  IMPORT_TOO_MANY_ROWS: {
    code: 'F1005',
    http: 400,
    zh: '单次最多导入 20,000 行数据，请拆分文件后重新导入',
    en: 'At most 20,000 rows can be imported at once; split the file and import again',
  },
  IMPORT_HEADER_MISMATCH: {
    code: 'F1006',
    http: 400,
    zh: '表头与导入模板不一致，请下载模板填写后重新导入',
    en: 'The header row does not match the import template; fill in the downloaded template and import again',
  },
  IMPORT_NO_ROWS: {
    code: 'F1007',
    http: 400,
    zh: '文件中没有可导入的数据行',
    en: 'The file has no data rows to import',
  },
  /** Counted while the workbook inflates, whatever its zip declares (server platform/imports/xlsx-zip.ts). */
  IMPORT_INFLATED_TOO_LARGE: {
    code: 'F1010',
    http: 400,
    zh: '文件解压后超过 100MB，无法导入，请拆分文件后重新导入',
    en: 'The workbook unpacks to more than 100 MB and cannot be imported; split the file and import again',
  },
  /** Rows or columns beyond Excel's own bounds, or more content than an import may hold in memory. */
  IMPORT_SHEET_TOO_LARGE: {
    code: 'F1011',
    http: 400,
    zh: '工作表超出 Excel 的行列范围或内容过多，无法导入，请用 Excel 另存或拆分文件后重新导入',
    en: "The sheet goes beyond Excel's rows and columns or holds too much to import; save it again in Excel or split it, then import again",
  },
  IMPORT_TIMED_OUT: {
    code: 'F1012',
    http: 400,
    zh: '文件读取超时，请拆分文件后重新导入',
    en: 'Reading the file took too long; split it and import again',
  },
  /** The import's job failed (or stopped its process) several times in a row and was given up. */
  IMPORT_GAVE_UP: {
    code: 'F1013',
    http: 500,
    zh: '导入多次处理失败，已停止，请稍后重新导入；如仍失败请联系管理员',
    en: 'The import failed several times and was stopped; import the file again later, and contact support if it fails again',
  },
  /** Spec 8: a /file/preDownload link used after its 3 minutes (LIMITS.evidenceLinkValidityMs). */
  DOWNLOAD_LINK_EXPIRED: {
    code: 'F1008',
    http: 410,
    zh: '下载链接有效期为3分钟，请重新点击',
    en: 'Download link valid for 3 minutes, then click again',
  },
  /**
   * An upload's bizNo `<pageCode>:<id>` names no record of the caller's enterprise that it may see (deleted,
   * another enterprise's, or outside its data permission): files are filed only under such records.
   */
  FILE_RECORD_UNKNOWN: {
    code: 'F1009',
    http: 400,
    zh: '附件所属的记录不存在或无权访问',
    en: 'The record to attach the file to does not exist or is not accessible',
  },

  // Background tasks (T = tasks; platform/tasks): why one failed or stopped, and actions its status refuses.
  TASK_STATE_INVALID: {
    code: 'T7001',
    http: 400,
    zh: '任务当前状态不允许此操作',
    en: 'The task cannot do this in its current status',
  },
  TASK_CANCELLED: { code: 'T7002', http: 400, zh: '任务已取消', en: 'The task was cancelled' },
  TASK_WITHDRAWN: { code: 'T7003', http: 400, zh: '任务已撤回', en: 'The task was withdrawn' },
  /** A task's run failed (or stopped its process) several times in a row and was given up. */
  TASK_GAVE_UP: {
    code: 'T7004',
    http: 500,
    zh: '任务多次执行失败，已停止，请稍后重试；如仍失败请联系管理员',
    en: 'The task failed several times and was stopped; retry it later, and contact support if it fails again',
  },
  TASK_NOT_CREATOR: {
    code: 'T7005',
    http: 403,
    zh: '只有任务的创建者可以撤回任务',
    en: "Only the task's creator can withdraw it",
  },

  // Gateway keys' signed requests (G = gateway; docs/gateway-api.md).
  GATEWAY_KEY_UNKNOWN: {
    code: 'G4001',
    http: 401,
    zh: '网关密钥 APPKey 不存在',
    en: 'Unknown gateway key APPKey',
  },
  GATEWAY_KEY_DISABLED: { code: 'G4002', http: 403, zh: '网关密钥已停用', en: 'The gateway key is disabled' },
  GATEWAY_SIGNATURE_INVALID: {
    code: 'G4003',
    http: 401,
    zh: '网关请求签名错误',
    en: 'The gateway request signature is invalid',
  },
  GATEWAY_TIMESTAMP_INVALID: {
    code: 'G4004',
    http: 401,
    zh: '请求时间戳无效或与服务器时间相差超过 5 分钟',
    en: 'The request timestamp is invalid or more than 5 minutes from the server time',
  },
  GATEWAY_NONCE_REUSED: {
    code: 'G4005',
    http: 401,
    zh: '请求随机数（X-Nonce）已使用过，请勿重放请求',
    en: 'The request nonce (X-Nonce) was already used; requests cannot be replayed',
  },
  GATEWAY_HEADERS_INVALID: {
    code: 'G4006',
    http: 400,
    zh: '缺少或无效的网关签名请求头：{header}',
    en: 'Missing or invalid gateway signature header: {header}',
  },
  GATEWAY_BODY_TOO_LARGE: {
    code: 'G4007',
    http: 413,
    zh: '网关请求内容超过 {max}MB',
    en: 'The gateway request body is larger than {max}MB',
  },
  GATEWAY_RATE_LIMITED: {
    code: 'G4008',
    http: 429,
    zh: '该网关密钥每分钟最多 {limit} 次请求，请 {seconds} 秒后再试',
    en: 'At most {limit} requests per minute per gateway key; try again in {seconds} seconds',
  },
  GATEWAY_MEMBER_DISABLED: {
    code: 'G4009',
    http: 403,
    zh: '创建该网关密钥的成员已被禁用或已离开企业',
    en: 'The member who created this gateway key is disabled or no longer in the enterprise',
  },
} as const satisfies Record<string, { code: string; http: number } & TBilingual>;

export type TErrorKey = keyof typeof ERRORS;
export type TErrorDef = (typeof ERRORS)[TErrorKey];

const byCode = new Map<string, TErrorDef>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: string): TErrorDef | undefined {
  return byCode.get(code);
}

export function errorMessage(key: TErrorKey, lang: TLang, params?: Record<string, string | number>): string {
  return interpolate(ERRORS[key][lang], params);
}

/** Client-side handling the spec attaches to some codes (section 8). */
export const CLIENT_ERROR_CODES = {
  redirectRoot: ERRORS.ENTERPRISE_UNAVAILABLE.code,
  resetToken: [ERRORS.SESSION_EXPIRED.code, ERRORS.SESSION_REVOKED.code] as readonly string[],
  redirectLogin: ERRORS.NOT_LOGGED_IN.code,
  fileErrorLog: ERRORS.FILE_ROWS_INVALID.code,
  /** Spec 6: the page shows "contact the enterprise administrator" instead of a toast. */
  moduleNotConfigured: ERRORS.MODULE_NOT_CONFIGURED.code,
} as const;
