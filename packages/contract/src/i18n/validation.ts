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
  'v.login.accountRequired': { zh: '请输入用户名或邮箱', en: 'Please enter your user name or e-mail' },
  'v.login.passwordRequired': { zh: '请输入密码', en: 'Please enter your password' },
  'v.examine.nameRequired': { zh: '请输入关联企业名称', en: "Please enter the associated enterprise's name" },
  'v.examine.nameTooLong': {
    zh: '企业名称最多 100 个字符',
    en: 'The enterprise name has at most 100 characters',
  },
  'v.examine.remarkTooLong': { zh: '备注最多 100 个字符', en: 'The remark has at most 100 characters' },
  'v.register.agreement': { zh: '请阅读并勾选用户协议', en: 'Please read and tick the user agreement' },
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
