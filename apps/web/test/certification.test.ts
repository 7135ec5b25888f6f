import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ZCompanyForm, type TCompanyForm } from '@tracehub/contract';
import {
  EMPTY_COMPANY_FORM,
  fromCompanyForm,
  toCompanyForm,
  validateCompanyForm,
} from '../src/features/certification/companyFormModel';
import { CHINA_PROVINCES, COUNTRIES, countryLabel, regionLabel } from '../src/features/certification/regions';

const address = {
  country: 'CN',
  province: '江苏省',
  city: '苏州市',
  area: '',
  areaEn: '',
  detail: '星湖街 328 号',
  detailEn: 'No. 328 Xinghu Street, Suzhou',
  longitude: 120.7339,
  latitude: 31.2741,
};

const form: TCompanyForm = {
  name: '江南精密部件有限公司',
  englishName: 'Jiangnan Precision Parts Co., Ltd.',
  chineseShort: '江南精密',
  englishShort: '',
  usci: '91320500MA1N7C3D4K',
  businessTermFrom: '2015-06-01',
  businessTermTo: null,
  registeredAddress: address,
  operationAddress: address,
  legalPersonName: '张伟',
  legalPersonIdType: 'cnResident',
  legalPersonIdNumber: '11010519491231002X',
  legalPersonIdValidFrom: '2019-01-01',
  legalPersonIdValidTo: '2039-01-01',
  idPhotoFront: 'front',
  idPhotoBack: 'back',
  businessLicence: 'licence',
  businessAttribute: 'manufacturing',
  steelAttributes: ['steelTrade'],
  scene: 'US&EU',
  deploymentMethod: 'distributed',
  automaker: false,
};

const label = (path: readonly PropertyKey[]) => String(path.at(-1));

describe('company form model', () => {
  it('turns a submitted form into form values and back unchanged', () => {
    const values = fromCompanyForm(form);
    expect(values.businessTermLong).toBe(true);
    expect(values.sameAddress).toBe(true);
    expect(values.registeredAddress?.longitude).toBe('120.7339');
    const back = ZCompanyForm.parse(toCompanyForm(values));
    expect(back).toEqual(form);
  });

  it('copies the registered address when the operation address is the same', () => {
    const values = fromCompanyForm({ ...form, operationAddress: { ...address, detail: '另一处' } });
    expect(values.sameAddress).toBe(false);
    const request = toCompanyForm({ ...values, sameAddress: true });
    expect(request.operationAddress).toEqual(request.registeredAddress);
  });

  it('refuses empty coordinates instead of reading them as 0', () => {
    const values = fromCompanyForm(form);
    const request = toCompanyForm({
      ...values,
      registeredAddress: { ...values.registeredAddress, longitude: '' },
    });
    const result = validateCompanyForm(request, label, 'en');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toContainEqual({
        name: ['registeredAddress', 'longitude'],
        errors: ['Latitude and longitude cannot be empty'],
      });
    }
  });

  it('reports cross-field rules on their field, worded with its label', () => {
    const values = { ...fromCompanyForm(form), legalPersonIdValidTo: dayjs('2018-01-01') };
    const result = validateCompanyForm(toCompanyForm(values), label, 'zh');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual([
        { name: ['legalPersonIdValidTo'], errors: ['结束日期不能早于开始日期'] },
      ]);
    }
  });

  it('starts a new form in China with a resident ID and the same operation address', () => {
    expect(EMPTY_COMPANY_FORM.registeredAddress?.country).toBe('CN');
    expect(EMPTY_COMPANY_FORM.legalPersonIdType).toBe('cnResident');
    expect(EMPTY_COMPANY_FORM.sameAddress).toBe(true);
  });
});

describe('regions', () => {
  it('lists China first and every provincial division with its cities', () => {
    expect(COUNTRIES[0]).toEqual({ value: 'CN', zh: '中国', en: 'China' });
    expect(new Set(COUNTRIES.map((c) => c.value)).size).toBe(COUNTRIES.length);
    expect(CHINA_PROVINCES).toHaveLength(34);
    for (const province of CHINA_PROVINCES) {
      expect(province.cities.length).toBeGreaterThan(0);
      expect(province.en).not.toBe(province.zh);
    }
  });

  it('shows stored names in the current language', () => {
    expect(countryLabel('DE', 'zh')).toBe('德国');
    expect(countryLabel('XX', 'en')).toBe('XX');
    expect(regionLabel('江苏省', 'en')).toBe('Jiangsu');
    expect(regionLabel('苏州市', 'en')).toBe('Suzhou');
    expect(regionLabel('苏州工业园区', 'en')).toBe('苏州工业园区');
  });
});
