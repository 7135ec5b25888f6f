import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  describeIssue,
  ZCompanyForm,
  type ID_TYPES,
  type STEEL_ATTRIBUTES,
  type TAddress,
  type TCompanyForm,
  type TLang,
} from '@tracehub/contract';
import { CHINA } from './regions';

/** An address as the form holds it: coordinates stay text while typed (spec 5 number input). */
export interface TAddressValues {
  country?: string;
  province?: string;
  city?: string;
  area?: string;
  areaEn?: string;
  detail?: string;
  detailEn?: string;
  longitude?: string;
  latitude?: string;
}

/**
 * The company form as antd holds it: the contract's fields under the same names (so zod issue paths name
 * form fields), dates as dayjs, and the "long-term" and "same address" switches the contract expresses as
 * null dates and a copied address.
 */
export interface TCompanyFormValues {
  name?: string;
  englishName?: string;
  chineseShort?: string;
  englishShort?: string;
  usci?: string;
  businessTermFrom?: Dayjs | null;
  businessTermTo?: Dayjs | null;
  businessTermLong?: boolean;
  registeredAddress?: TAddressValues;
  operationAddress?: TAddressValues;
  sameAddress?: boolean;
  legalPersonName?: string;
  legalPersonIdType?: (typeof ID_TYPES)[number];
  legalPersonIdNumber?: string;
  legalPersonIdValidFrom?: Dayjs | null;
  legalPersonIdValidTo?: Dayjs | null;
  legalPersonIdLong?: boolean;
  idPhotoFront?: string;
  idPhotoBack?: string;
  businessLicence?: string;
  businessAttribute?: TCompanyForm['businessAttribute'];
  steelAttributes?: (typeof STEEL_ATTRIBUTES)[number][];
  scene?: TCompanyForm['scene'];
  deploymentMethod?: TCompanyForm['deploymentMethod'];
  automaker?: boolean;
}

export type TCompanyFormInput = z.input<typeof ZCompanyForm>;

const DATE_FORMAT = 'YYYY-MM-DD';

export const EMPTY_COMPANY_FORM: TCompanyFormValues = {
  registeredAddress: { country: CHINA },
  operationAddress: { country: CHINA },
  sameAddress: true,
  legalPersonIdType: 'cnResident',
  steelAttributes: [],
  automaker: false,
  businessTermLong: false,
  legalPersonIdLong: false,
};

const dateText = (d: Dayjs | null | undefined) => (d ? d.format(DATE_FORMAT) : '');
const trimmed = (s: string | undefined) => (s ?? '').trim();
// An empty coordinate must fail as "cannot be empty", never become 0: NaN is refused by the contract's
// number schema (and sent as null, which the server refuses too).
const coordinate = (s: string | undefined) => (trimmed(s) === '' ? Number.NaN : Number(s));

function toAddress(a: TAddressValues | undefined): TCompanyFormInput['registeredAddress'] {
  return {
    country: a?.country ?? '',
    province: trimmed(a?.province),
    city: trimmed(a?.city),
    area: trimmed(a?.area),
    areaEn: trimmed(a?.areaEn),
    detail: trimmed(a?.detail),
    detailEn: trimmed(a?.detailEn),
    longitude: coordinate(a?.longitude),
    latitude: coordinate(a?.latitude),
  };
}

/** Form values -> the contract's request. */
export function toCompanyForm(v: TCompanyFormValues): TCompanyFormInput {
  const registeredAddress = toAddress(v.registeredAddress);
  return {
    name: trimmed(v.name),
    englishName: trimmed(v.englishName),
    chineseShort: trimmed(v.chineseShort),
    englishShort: trimmed(v.englishShort),
    usci: trimmed(v.usci).toUpperCase(),
    businessTermFrom: dateText(v.businessTermFrom),
    businessTermTo: v.businessTermLong ? null : dateText(v.businessTermTo),
    registeredAddress,
    operationAddress: v.sameAddress ? registeredAddress : toAddress(v.operationAddress),
    legalPersonName: trimmed(v.legalPersonName),
    legalPersonIdType: v.legalPersonIdType ?? 'cnResident',
    legalPersonIdNumber: trimmed(v.legalPersonIdNumber).toUpperCase(),
    legalPersonIdValidFrom: dateText(v.legalPersonIdValidFrom),
    legalPersonIdValidTo: v.legalPersonIdLong ? null : dateText(v.legalPersonIdValidTo),
    idPhotoFront: v.idPhotoFront ?? '',
    idPhotoBack: v.idPhotoBack ?? '',
    businessLicence: v.businessLicence ?? '',
    // The enums are checked by the schema; a missing choice reads as "required".
    businessAttribute: v.businessAttribute as TCompanyForm['businessAttribute'],
    steelAttributes: v.steelAttributes ?? [],
    scene: v.scene as TCompanyForm['scene'],
    deploymentMethod: v.deploymentMethod as TCompanyForm['deploymentMethod'],
    automaker: v.automaker ?? false,
  };
}

function fromAddress(a: TAddress): TAddressValues {
  return { ...a, longitude: String(a.longitude), latitude: String(a.latitude) };
}

const sameAddress = (a: TAddress, b: TAddress) =>
  (Object.keys(a) as (keyof TAddress)[]).every((key) => a[key] === b[key]);

/** A submitted form -> form values, for editing a returned certification. */
export function fromCompanyForm(f: TCompanyForm): TCompanyFormValues {
  return {
    ...f,
    businessTermFrom: dayjs(f.businessTermFrom),
    businessTermTo: f.businessTermTo ? dayjs(f.businessTermTo) : null,
    businessTermLong: f.businessTermTo === null,
    registeredAddress: fromAddress(f.registeredAddress),
    operationAddress: fromAddress(f.operationAddress),
    sameAddress: sameAddress(f.registeredAddress, f.operationAddress),
    legalPersonIdValidFrom: dayjs(f.legalPersonIdValidFrom),
    legalPersonIdValidTo: f.legalPersonIdValidTo ? dayjs(f.legalPersonIdValidTo) : null,
    legalPersonIdLong: f.legalPersonIdValidTo === null,
  };
}

export interface TFieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * The whole-form check with the contract's schema (cross-field rules such as date ranges included). Issue
 * paths are form field names; each field gets the first message, worded with its visible label.
 */
export function validateCompanyForm(
  input: TCompanyFormInput,
  labelOf: (path: readonly PropertyKey[]) => string,
  lang: TLang,
): { ok: true; data: TCompanyForm } | { ok: false; errors: TFieldError[] } {
  const result = ZCompanyForm.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const byField = new Map<string, TFieldError>();
  for (const issue of result.error.issues) {
    const name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const key = name.join('.');
    if (byField.has(key)) continue;
    byField.set(key, { name, errors: [describeIssue({ ...issue, path: [labelOf(issue.path)] }, lang)] });
  }
  return { ok: false, errors: [...byField.values()] };
}
