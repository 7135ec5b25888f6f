import { Col, Form, Input, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { validationMessage, ZAddress, type TLang } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { issueText, zodRule } from '../../shared/zodRules';
import { CoordinateInput } from './CoordinateInput';
import { CHINA, CHINA_PROVINCES, COUNTRIES, placeLabel, provinceOf } from './regions';

type TAddressKey = keyof typeof ZAddress.shape;

/** Coordinates may not be empty (spec 5); the typed text is read as a number, then checked by the schema. */
function coordinateRule(key: 'longitude' | 'latitude', label: string, lang: TLang): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') throw new Error(validationMessage('v.address.coordinates', lang));
      const result = ZAddress.shape[key].safeParse(Number(text));
      const issue = result.success ? undefined : result.error.issues[0];
      if (issue) throw new Error(issueText(issue, label, lang));
    },
  };
}

/**
 * One address of the company form: country, then province and city from the built-in list for China (free
 * text elsewhere), an optional district, the detailed address in Chinese and English, and coordinates.
 */
export function AddressFields({ prefix }: { prefix: 'registeredAddress' | 'operationAddress' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = Form.useFormInstance();
  const country = Form.useWatch<string | undefined>([prefix, 'country'], form);
  const province = Form.useWatch<string | undefined>([prefix, 'province'], form);
  const inChina = country === CHINA;
  const cities = provinceOf(province)?.cities ?? [];

  const label = (key: TAddressKey) => t(`identify.form.fields.${key}`);
  const rule = (key: TAddressKey) => zodRule(ZAddress.shape[key], label(key), lang);
  const name = (key: TAddressKey) => [prefix, key];
  const reset = (keys: TAddressKey[]) =>
    form.setFields(keys.map((key) => ({ name: name(key), value: undefined, errors: [] })));
  const selectProps = {
    showSearch: { optionFilterProp: 'label' },
    allowClear: true,
    placeholder: t('identify.form.placeholders.select'),
  } as const;

  return (
    <Row gutter={24}>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name={name('country')} label={label('country')} required rules={[rule('country')]}>
          <Select
            {...selectProps}
            allowClear={false}
            options={COUNTRIES.map((c) => ({ value: c.value, label: placeLabel(c, lang) }))}
            onChange={() => reset(['province', 'city', 'area'])}
            data-testid={`${prefix}-country`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name={name('province')} label={label('province')} rules={[rule('province')]}>
          {inChina ? (
            <Select
              {...selectProps}
              options={CHINA_PROVINCES.map((p) => ({ value: p.value, label: placeLabel(p, lang) }))}
              onChange={() => reset(['city'])}
              data-testid={`${prefix}-province`}
            />
          ) : (
            <Input placeholder={t('identify.form.placeholders.area')} maxLength={50} />
          )}
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name={name('city')} label={label('city')} rules={[rule('city')]}>
          {inChina ? (
            <Select
              {...selectProps}
              disabled={cities.length === 0}
              options={cities.map((c) => ({ value: c.value, label: placeLabel(c, lang) }))}
              data-testid={`${prefix}-city`}
            />
          ) : (
            <Input placeholder={t('identify.form.placeholders.area')} maxLength={50} />
          )}
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name={name('area')}
          label={label('area')}
          rules={[rule('area')]}
          tooltip={t('identify.form.hints.area')}
        >
          <Input placeholder={t('identify.form.placeholders.area')} maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name={name('areaEn')} label={label('areaEn')} rules={[rule('areaEn')]}>
          <Input placeholder={t('identify.form.placeholders.area')} maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={name('detail')} label={label('detail')} required rules={[rule('detail')]}>
          <Input placeholder={t('identify.form.placeholders.input')} maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={name('detailEn')} label={label('detailEn')} required rules={[rule('detailEn')]}>
          <Input placeholder={t('identify.form.placeholders.input')} maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name={name('longitude')}
          label={label('longitude')}
          required
          tooltip={t('identify.form.hints.coordinates')}
          rules={[coordinateRule('longitude', label('longitude'), lang)]}
        >
          <CoordinateInput placeholder={t('identify.form.placeholders.longitude')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name={name('latitude')}
          label={label('latitude')}
          required
          tooltip={t('identify.form.hints.coordinates')}
          rules={[coordinateRule('latitude', label('latitude'), lang)]}
        >
          <CoordinateInput placeholder={t('identify.form.placeholders.latitude')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
