import type { TBilingual } from '../i18n/lang.ts';
import { LIMITS } from '../limits.ts';

const MAX_FILE_MB = LIMITS.fileMaxBytes / (1024 * 1024);
const PASSWORD_LENGTH = `${LIMITS.passwordMin}-${LIMITS.passwordMax}`;
const INT_DIGITS = LIMITS.numberIntegerDigits;
const DEC_DIGITS = LIMITS.numberDecimalDigits;

/**
 * Messages of the shared validators. The schemas of this folder use these keys as their zod messages;
 * `describeIssue` (i18n/validation.ts) turns a key into the sentence in the user's language.
 */
export const VALIDATOR_MESSAGES = {
  'v.username.format': {
    zh: '用户名须包含字母，可包含数字及 _ - ! 符号，不能包含中文或空格',
    en: 'The username must contain letters; digits and _ - ! are allowed; no Chinese or spaces',
  },
  'v.username.tooLong': {
    zh: `用户名最多 ${LIMITS.usernameMax} 个字符`,
    en: `The username must have at most ${LIMITS.usernameMax} characters`,
  },
  'v.email.format': { zh: '邮箱地址格式不正确', en: 'invalid email address' },
  'v.email.tooLong': {
    zh: `邮箱地址最多 ${LIMITS.emailMax} 个字符`,
    en: `The email address must have at most ${LIMITS.emailMax} characters`,
  },
  'v.password.format': {
    zh:
      `密码为 ${PASSWORD_LENGTH} 位，须包含大写字母、小写字母和数字，` +
      '可包含英文符号和下划线，不能包含中文、中文符号或空格',
    en:
      `The password must have ${PASSWORD_LENGTH} characters with upper and lower case letters and digits; ` +
      'English symbols and underscore are allowed; no Chinese, Chinese symbols or spaces',
  },
  'v.password.mismatch': { zh: '两次输入的密码不一致', en: 'Inconsistent password input' },
  'v.code.format': {
    zh: `验证码为 ${LIMITS.verificationCodeLength} 位字母或数字`,
    en: `The verification code has ${LIMITS.verificationCodeLength} letters or digits`,
  },
  'v.companyEnName.format': {
    zh: "企业英文名称须包含字母，不能全为数字或包含中文，特殊字符仅支持 _ - ! · . , & 空格 @ ( ) '",
    en:
      'The company English name must contain letters, not only digits, and no Chinese; ' +
      "allowed special characters are _ - ! · . , & space @ ( ) '",
  },
  'v.usci.format': {
    zh: '统一社会信用代码格式不正确，应为 18 位数字或大写字母（不含 I、O、Z、S、V）',
    en: 'Invalid unified social credit code: 18 digits or upper case letters (no I, O, Z, S, V)',
  },
  'v.usci.checksum': {
    zh: '统一社会信用代码校验位不正确',
    en: 'The check character of the unified social credit code is wrong',
  },
  'v.vin.format': {
    zh: '车架号格式不正确，应为 17 位数字或大写字母（不含 I、O、Q）',
    en: 'Invalid VIN: 17 digits or upper case letters (no I, O, Q)',
  },
  'v.vin.checksum': {
    zh: '车架号校验位（第 9 位）不正确',
    en: 'The check digit (9th character) of the VIN is wrong',
  },
  'v.number.format': { zh: '请输入不小于 0 的数字', en: 'Enter a number not less than 0' },
  'v.weight.format': {
    zh: `请输入不小于 0 的数字，整数最多 ${INT_DIGITS} 位，小数最多 ${DEC_DIGITS} 位`,
    en: `Enter a number not less than 0 with at most ${INT_DIGITS} integer digits and ${DEC_DIGITS} decimals`,
  },
  'v.image.type': { zh: '仅支持 jpg/jpeg/png 格式', en: 'Only jpg/jpeg/png' },
  'v.file.type': { zh: '文件类型不支持', en: 'Unsupported file type' },
  'v.file.tooLarge': { zh: `文件大小不能超过 ${MAX_FILE_MB}MB`, en: `Max${MAX_FILE_MB}MB` },
  'v.idCard.format': {
    zh: '身份证号格式不正确，应为 18 位（末位可为 X）',
    en: 'Invalid ID card number: 18 characters, the last may be X',
  },
  'v.idCard.checksum': {
    zh: '身份证号校验位不正确',
    en: 'The check character of the ID card number is wrong',
  },
} as const satisfies Record<string, TBilingual>;

export type TValidatorMessageKey = keyof typeof VALIDATOR_MESSAGES;
