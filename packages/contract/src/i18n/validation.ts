import type { z } from 'zod';
import { interpolate, type TBilingual, type TLang } from './lang.ts';
import { VALIDATOR_MESSAGES } from '../validators/messages.ts';

/**
 * Messages of validation failures. Contract schemas use these keys as their zod messages, so the server
 * and the browser show the same sentence in the user's language.
 */
export const VALIDATION_MESSAGES = {
  'v.required': { zh: '{field}不能为空', en: '{field} is required' },
  'v.type': { zh: '{field}格式不正确', en: '{field} has the wrong type' },
  'v.tooShort': { zh: '{field}至少 {min} 个字符', en: '{field} must have at least {min} characters' },
  'v.tooLong': { zh: '{field}最多 {max} 个字符', en: '{field} must have at most {max} characters' },
  'v.tooSmall': { zh: '{field}不能小于 {min}', en: '{field} must be at least {min}' },
  'v.tooBig': { zh: '{field}不能大于 {max}', en: '{field} must be at most {max}' },
  'v.tooFewItems': { zh: '{field}至少选择 {min} 项', en: 'Select at least {min} for {field}' },
  'v.tooManyItems': { zh: '{field}最多选择 {max} 项', en: 'Select at most {max} for {field}' },
  'v.invalidOption': { zh: '{field}的取值无效', en: '{field} has an invalid value' },
  'v.invalid': { zh: '{field}无效', en: '{field} is invalid' },
  'v.unknownKey': { zh: '不支持的字段：{keys}', en: 'Unsupported field: {keys}' },
  'v.fieldRoot': { zh: '请求', en: 'request' },
  'v.controlChar': {
    zh: '{field}含有不允许的控制字符',
    en: '{field} contains control characters that are not allowed',
  },
  'v.bidiControl': {
    zh: '{field}含有改变文字方向的隐藏字符',
    en: '{field} contains hidden characters that change the text direction',
  },
  'v.invisibleOnly': {
    zh: '{field}只含有不可见字符',
    en: '{field} consists only of invisible characters',
  },
  'v.dataRejected': {
    zh: '请求中的某个值超出允许范围或格式无效',
    en: 'A value in the request is out of range or malformed',
  },
  'v.tooDeep': {
    zh: '请求内容嵌套过深（最多 {max} 层）',
    en: 'The request is nested too deeply (at most {max} levels)',
  },
  'v.login.accountRequired': { zh: '请输入用户名或邮箱', en: 'Please enter your user name or e-mail' },
  'v.login.passwordRequired': { zh: '请输入密码', en: 'Please enter your password' },
  'v.examine.nameRequired': { zh: '请输入关联企业名称', en: "Please enter the associated enterprise's name" },
  'v.examine.nameTooLong': {
    zh: '企业名称最多 100 个字符',
    en: 'The enterprise name has at most 100 characters',
  },
  'v.examine.remarkTooLong': { zh: '备注最多 100 个字符', en: 'The remark has at most 100 characters' },
  'v.date.format': { zh: '{field}日期格式应为 YYYY-MM-DD', en: '{field} must be a date as YYYY-MM-DD' },
  'v.date.range': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'v.risk.cityWithoutProvince': {
    zh: '选择城市前请先选择省份',
    en: 'Choose a province before choosing a city',
  },
  'v.risk.monitorPartners': { zh: '请至少选择一个合作企业', en: 'Select at least one partner enterprise' },
  'v.risk.monitorProjects': { zh: '请至少选择一个项目', en: 'Select at least one project' },
  'v.risk.watchListEntry': {
    zh: '清单的每一条需填写名称或税号',
    en: 'Each entry of the list needs a name or a tax number',
  },
  'v.address.country': { zh: '请选择国家', en: 'Please select a country' },
  'v.address.detail': { zh: '请输入详细地址（中文）', en: 'Please enter the detailed address in Chinese' },
  'v.address.detailEn': { zh: '请输入详细地址（英文）', en: 'Please enter the detailed address in English' },
  'v.address.coordinates': { zh: '经纬度不能为空', en: 'Latitude and longitude cannot be empty' },
  'v.company.idPhoto': { zh: '请上传法人身份证照片', en: "Please upload the legal person's ID photos" },
  'v.company.licence': { zh: '请上传营业执照', en: 'Please upload the business licence' },
  'v.company.upload': {
    zh: '{field}不是您上传的有效文件，请重新上传',
    en: '{field} is not a valid file of your uploads, please upload it again',
  },
  'v.file.required': { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'v.member.roles': { zh: '请至少选择一个角色', en: 'Please select at least one role' },
  'v.member.tooManyRoles': { zh: '一个成员最多 5 个角色', en: 'A member can have at most 5 roles' },
  'v.role.unknownCodes': {
    zh: '{field}包含不可配置的权限编码：{codes}',
    en: '{field} has permission codes that cannot be configured: {codes}',
  },
  'v.role.projectCodes': {
    zh: '请至少选择一个项目编号',
    en: 'Please select at least one project code',
  },
  'v.operator.moduleCodes': {
    zh: '{field}包含未知的模块页面编码：{codes}',
    en: '{field} has unknown module page codes: {codes}',
  },
  'v.profile.avatar': {
    zh: '{field}不是您上传的头像图片，请重新上传',
    en: '{field} is not a profile photo you uploaded, please upload it again',
  },
  'v.examine.rejectReason': { zh: '请填写驳回原因', en: 'Please enter the reason for rejecting' },
  'v.idRule.length': { zh: '标识要素长度之和必须为 32', en: 'The elements must add up to 32 characters' },
  'v.codeRule.prefix': {
    zh: '前缀最多 10 位，只能包含大写字母、数字和 -',
    en: 'The prefix has at most 10 upper-case letters, digits or -',
  },
  'v.ledger.hash': {
    zh: '{field}应为 64 位十六进制哈希',
    en: '{field} must be a 64-character hexadecimal hash',
  },
  'v.phone.format': {
    zh: '{field}格式不正确，只能包含数字、空格、+、- 和括号',
    en: '{field} is not a valid phone number: digits, spaces, +, - and parentheses only',
  },
  'v.register.agreement': { zh: '请阅读并勾选用户协议', en: 'Please read and tick the user agreement' },
  'v.import.exists': { zh: '数据已存在', en: 'The record already exists' },
  'v.import.duplicate': { zh: '与文件第 {row} 行重复', en: 'Duplicates row {row} of the file' },
  'v.import.notSaved': {
    zh: '该行未能保存，请重新导入',
    en: 'This row could not be saved; import it again',
  },
  'v.material.qualityFile': {
    zh: '{field}不是本企业上传的质检报告文件，请重新上传',
    en: '{field} is not a quality report file uploaded by your enterprise; please upload it again',
  },
  'v.product.projectInvalid': {
    zh: '{field}不是本企业的项目编号，请重新选择',
    en: '{field} is not a project code of your enterprise; please choose again',
  },
  'v.product.materialsInvalid': {
    zh: '{field}包含不属于本企业的物料，请重新选择',
    en: "{field} includes materials that are not your enterprise's; please choose again",
  },
  'v.product.projectUnknown': { zh: '项目编号不存在：{code}', en: 'Unknown project code: {code}' },
  'v.product.materialsUnknown': { zh: '物料编码不存在：{codes}', en: 'Unknown material codes: {codes}' },
  'v.product.tooManyMaterials': {
    zh: '{field}最多 200 个物料编码',
    en: '{field} may list at most 200 material codes',
  },
  'v.carbon.baseYear': {
    zh: '{field}应为 4 位数字年份（1900 年及以后）',
    en: '{field} must be a year of 4 digits (1900 or later)',
  },
  'v.carbon.baseYearFuture': { zh: '{field}不能晚于今年', en: '{field} cannot be in the future' },
  'v.carbon.lcaFile': { zh: '请上传 LCA 报告', en: 'Please upload the LCA report' },
  'v.carbon.lcaFileInvalid': {
    zh: '{field}不是本企业上传的 LCA 报告文件，请重新上传',
    en: '{field} is not an LCA report uploaded by your enterprise; please upload it again',
  },
  'v.document.decimal': {
    zh: '{field}应为不小于 0 的数字，最多 9 位整数和 4 位小数',
    en: '{field} must be a number of at least 0 with at most 9 integer digits and 4 decimals',
  },
  'v.document.lotRequired': {
    zh: '批次号与车架号/序列号至少填写一项',
    en: 'Enter a batch number or a VIN/SN',
  },
  'v.document.currencyRequired': {
    zh: '填写单价或金额时请选择币种',
    en: 'Choose a currency for the unit price or amount',
  },
  'v.document.amountMismatch': {
    zh: '金额应等于数量 × 单价',
    en: 'The amount must equal quantity × unit price',
  },
  'v.document.noPartner': {
    zh: '该类单据没有合作企业',
    en: 'This kind of document has no partner',
  },
  'v.document.notOfType': {
    zh: '{field}不属于该类单据',
    en: '{field} does not belong to this kind of document',
  },
  'v.document.partnerUnknown': {
    zh: '合作企业编码不存在：{code}',
    en: 'Unknown partner code: {code}',
  },
  'v.document.returnExceeded': {
    zh: '无法导入，超出可退货数量（可退 {left}）',
    en: 'Unable to import, exceeded returnable quantity ({left} left)',
  },
  'v.document.noSalesData': { zh: '无法导入，未找到销售数据', en: 'Unable to import, no sales data found' },
  'v.document.noReceiptData': {
    zh: '无法导入，未找到采购入库数据',
    en: 'Unable to import, no receipt data found',
  },
  ...VALIDATOR_MESSAGES,
} as const satisfies Record<string, TBilingual>;

export type TValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(s: string): s is TValidationKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, s);
}

export function validationMessage(
  key: TValidationKey,
  lang: TLang,
  params?: Record<string, string | number>,
): string {
  return interpolate(VALIDATION_MESSAGES[key][lang], params);
}

/** Turns one zod issue into a sentence in the given language; `field` names the offending path. */
export function describeIssue(issue: z.core.$ZodIssue, lang: TLang): string {
  const field = issue.path.length ? issue.path.join('.') : VALIDATION_MESSAGES['v.fieldRoot'][lang];
  if (isValidationKey(issue.message)) return validationMessage(issue.message, lang, { field });
  switch (issue.code) {
    case 'invalid_type':
      return validationMessage(issue.input === undefined ? 'v.required' : 'v.type', lang, { field });
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return validationMessage(min <= 1 ? 'v.required' : 'v.tooShort', lang, { field, min });
      if (issue.origin === 'array') return validationMessage('v.tooFewItems', lang, { field, min });
      return validationMessage('v.tooSmall', lang, { field, min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return validationMessage('v.tooLong', lang, { field, max });
      if (issue.origin === 'array') return validationMessage('v.tooManyItems', lang, { field, max });
      return validationMessage('v.tooBig', lang, { field, max });
    }
    case 'invalid_value':
      return validationMessage('v.invalidOption', lang, { field });
    case 'unrecognized_keys':
      return validationMessage('v.unknownKey', lang, { keys: issue.keys.join(', ') });
    default:
      return validationMessage('v.invalid', lang, { field });
  }
}
