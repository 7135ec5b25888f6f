import type { ReactNode } from 'react';
import { Card, Checkbox, Col, DatePicker, Form, Input, Radio, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_ATTRIBUTES,
  DEPLOYMENT_METHODS,
  ID_TYPES,
  STEEL_ATTRIBUTES,
  validationMessage,
  zChineseIdNumber,
  ZCompanyForm,
  type TLang,
} from '@tracehub/contract';
import { useLang } from '../../i18n';
import { zodRule } from '../../shared/zodRules';
import { AddressFields } from './AddressFields';
import { ImageUpload } from './ImageUpload';
import { companyFieldLabel, type TCompanyFieldKey } from './fieldLabels';
import type { TCompanyFormValues } from './companyFormModel';

/** Display format of dates (spec 9); the value sent is YYYY-MM-DD. */
const DATE_DISPLAY = 'YYYY/MM/DD';
export const SCENES = ['US', 'EU', 'US&EU'] as const;
export const sceneKey = (scene: (typeof SCENES)[number]) => (scene === 'US&EU' ? 'USEU' : scene);

type TShapeKey = keyof typeof ZCompanyForm.shape;

function useFieldHelpers() {
  const { t } = useTranslation();
  const lang = useLang();
  const label = (key: TCompanyFieldKey) => companyFieldLabel(t, [key]);
  const rule = (key: TShapeKey & TCompanyFieldKey) => zodRule(ZCompanyForm.shape[key], label(key), lang);
  const required = (key: TCompanyFieldKey): Rule => ({
    required: true,
    message: validationMessage('v.required', lang, { field: label(key) }),
  });
  return { t, lang, label, rule, required };
}

export function FormSection({
  index,
  title,
  extra,
  children,
  id,
}: {
  index: number;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card
      id={id}
      className="th-card company-section"
      title={
        <span className="company-section-title">
          <span className="company-section-index">{index}</span>
          {title}
        </span>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** A date range whose end may be "long-term" (business term, ID validity). */
function TermField({
  label,
  from,
  to,
  longTerm,
}: {
  label: string;
  from: 'businessTermFrom' | 'legalPersonIdValidFrom';
  to: 'businessTermTo' | 'legalPersonIdValidTo';
  longTerm: 'businessTermLong' | 'legalPersonIdLong';
}) {
  const { t, required } = useFieldHelpers();
  const form = Form.useFormInstance<TCompanyFormValues>();
  const isLong = Form.useWatch(longTerm, form) === true;
  return (
    <Form.Item label={label} required>
      <div className="term-field">
        <Form.Item name={from} noStyle rules={[required(from)]}>
          <DatePicker format={DATE_DISPLAY} placeholder={t('identify.form.placeholders.startDate')} />
        </Form.Item>
        <span className="term-field-sep">~</span>
        <Form.Item name={to} noStyle rules={isLong ? [] : [required(to)]} dependencies={[longTerm]}>
          <DatePicker
            format={DATE_DISPLAY}
            disabled={isLong}
            placeholder={t('identify.form.placeholders.endDate')}
          />
        </Form.Item>
        <Form.Item name={longTerm} noStyle valuePropName="checked">
          <Checkbox
            data-testid={`${longTerm}-check`}
            onChange={(e) => {
              if (e.target.checked) form.setFields([{ name: to, value: null, errors: [] }]);
            }}
          >
            {t('identify.form.longTerm')}
          </Checkbox>
        </Form.Item>
      </div>
    </Form.Item>
  );
}

export function IdentitySection({ index }: { index: number }) {
  const { t, label, rule } = useFieldHelpers();
  const input = t('identify.form.placeholders.input');
  return (
    <FormSection index={index} id="company-identity" title={t('identify.form.sections.identity')}>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={label('name')} required rules={[rule('name')]}>
            <Input placeholder={input} maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="englishName" label={label('englishName')} required rules={[rule('englishName')]}>
            <Input placeholder={input} maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="chineseShort" label={label('chineseShort')} rules={[rule('chineseShort')]}>
            <Input placeholder={input} maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="englishShort" label={label('englishShort')} rules={[rule('englishShort')]}>
            <Input placeholder={input} maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="usci" label={label('usci')} required rules={[rule('usci')]}>
            <Input placeholder={input} maxLength={18} className="mono-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <TermField
            label={label('businessTerm')}
            from="businessTermFrom"
            to="businessTermTo"
            longTerm="businessTermLong"
          />
        </Col>
      </Row>
    </FormSection>
  );
}

export function ProfileSection({ index }: { index: number }) {
  const { t, label, rule, required } = useFieldHelpers();
  return (
    <FormSection index={index} id="company-profile" title={t('identify.form.sections.profile')}>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="businessAttribute"
            label={label('businessAttribute')}
            required
            rules={[required('businessAttribute')]}
          >
            <Radio.Group
              optionType="button"
              options={BUSINESS_ATTRIBUTES.map((value) => ({
                value,
                label: t(`identify.form.options.businessAttribute.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item
            name="steelAttributes"
            label={label('steelAttributes')}
            tooltip={t('identify.form.hints.steel')}
            rules={[rule('steelAttributes')]}
          >
            <Checkbox.Group
              options={STEEL_ATTRIBUTES.map((value) => ({
                value,
                label: t(`identify.form.options.steel.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={14}>
          <Form.Item name="scene" label={label('scene')} required rules={[required('scene')]}>
            <Radio.Group
              optionType="button"
              options={SCENES.map((value) => ({
                value,
                label: t(`identify.form.options.scene.${sceneKey(value)}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={6}>
          <Form.Item
            name="deploymentMethod"
            label={label('deploymentMethod')}
            required
            rules={[required('deploymentMethod')]}
          >
            <Radio.Group
              options={DEPLOYMENT_METHODS.map((value) => ({
                value,
                label: t(`identify.form.options.deployment.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={4}>
          <Form.Item
            name="automaker"
            label={label('automaker')}
            valuePropName="checked"
            tooltip={t('identify.form.hints.automaker')}
          >
            <Switch data-testid="automaker-switch" />
          </Form.Item>
        </Col>
      </Row>
    </FormSection>
  );
}

function idNumberRule(idType: string | undefined, label: string, lang: TLang): Rule {
  // Resident ID numbers carry a check character (GB 11643); other documents are checked by length only.
  const schema = idType === 'cnResident' ? zChineseIdNumber : ZCompanyForm.shape.legalPersonIdNumber;
  return zodRule(schema, label, lang);
}

export function LegalPersonSection({ index }: { index: number }) {
  const { t, lang, label, rule, required } = useFieldHelpers();
  const form = Form.useFormInstance<TCompanyFormValues>();
  const idType = Form.useWatch('legalPersonIdType', form);
  return (
    <FormSection index={index} id="company-legal" title={t('identify.form.sections.legal')}>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="legalPersonName"
            label={label('legalPersonName')}
            required
            rules={[rule('legalPersonName')]}
          >
            <Input placeholder={t('identify.form.placeholders.input')} maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="legalPersonIdType"
            label={label('legalPersonIdType')}
            required
            rules={[required('legalPersonIdType')]}
          >
            <Select
              options={ID_TYPES.map((value) => ({
                value,
                label: t(`identify.form.options.idType.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="legalPersonIdNumber"
            label={label('legalPersonIdNumber')}
            required
            dependencies={['legalPersonIdType']}
            rules={[idNumberRule(idType, label('legalPersonIdNumber'), lang)]}
          >
            <Input
              placeholder={t('identify.form.placeholders.input')}
              maxLength={30}
              className="mono-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <TermField
            label={label('legalPersonIdValidity')}
            from="legalPersonIdValidFrom"
            to="legalPersonIdValidTo"
            longTerm="legalPersonIdLong"
          />
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name="idPhotoFront"
            label={label('idPhotoFront')}
            required
            rules={[rule('idPhotoFront')]}
            extra={t('identify.form.hints.upload')}
          >
            <ImageUpload bizType="idPhoto" testId="upload-idPhotoFront" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name="idPhotoBack"
            label={label('idPhotoBack')}
            required
            rules={[rule('idPhotoBack')]}
            extra={t('identify.form.hints.upload')}
          >
            <ImageUpload bizType="idPhoto" testId="upload-idPhotoBack" />
          </Form.Item>
        </Col>
      </Row>
    </FormSection>
  );
}

export function LicenceSection({ index }: { index: number }) {
  const { t, label, rule } = useFieldHelpers();
  return (
    <FormSection index={index} id="company-licence" title={t('identify.form.sections.licence')}>
      <Form.Item
        name="businessLicence"
        label={label('businessLicence')}
        required
        rules={[rule('businessLicence')]}
        extra={t('identify.form.hints.upload')}
      >
        <ImageUpload bizType="businessLicence" testId="upload-businessLicence" />
      </Form.Item>
    </FormSection>
  );
}

export function AddressSection({
  index,
  prefix,
}: {
  index: number;
  prefix: 'registeredAddress' | 'operationAddress';
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TCompanyFormValues>();
  const same = Form.useWatch('sameAddress', form) === true;
  const isOperation = prefix === 'operationAddress';
  return (
    <FormSection
      index={index}
      id={`company-${prefix}`}
      title={t(`identify.form.sections.${prefix}`)}
      extra={
        isOperation && (
          <Form.Item name="sameAddress" valuePropName="checked" noStyle>
            <Checkbox data-testid="same-address">{t('identify.form.hints.sameAddress')}</Checkbox>
          </Form.Item>
        )
      }
    >
      {isOperation && same ? (
        <p className="company-section-note">{t('identify.form.hints.sameAddress')}</p>
      ) : (
        <AddressFields prefix={prefix} />
      )}
    </FormSection>
  );
}
