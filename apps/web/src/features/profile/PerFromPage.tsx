import { useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TAddress, type TCompanyInfo, type TLang } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, useLang, type TI18nKey } from '../../i18n';
import { SceneTitle } from '../../layout/SceneTitle';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDate, formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { EnabledBadge } from '../../shared/EnabledBadge';
import { LatestEvidence } from '../ledger/LatestEvidence';
import { countryLabel, regionLabel } from '../certification/regions';
import { AddressDialog, EnglishNameDialog } from './CompanyDialogs';
import { CertificateDialog } from './CertificateDialog';
import { EditableValue } from './EditableValue';
import { companyKeys } from './queries';
import './userCenter.css';

const AUTOMAKER_ROLE = 1;

type TDialog = 'englishName' | 'address' | 'certificate';

/** An address on one line in the current language: country, province, city, area and the detail. */
function addressText(address: TAddress | null, lang: TLang): string | null {
  if (!address) return null;
  const places = [
    countryLabel(address.country, lang),
    regionLabel(address.province, lang),
    regionLabel(address.city, lang),
    pickLangText(lang, address.area, address.areaEn),
  ];
  const detail = pickLangText(lang, address.detail, address.detailEn);
  const coordinates = `(${address.longitude}, ${address.latitude})`;
  return [places.filter(Boolean).join(lang === 'en' ? ', ' : ' '), detail, coordinates]
    .filter(Boolean)
    .join(' · ');
}

/** A value as its user typed it (names in Chinese): marked so that language checks leave it. */
const userValue = (text: string | null) => (text ? <span data-user-value>{text}</span> : null);

const copyable = (text: string | null) =>
  text ? (
    <Typography.Text copyable className="mono-text">
      {text}
    </Typography.Text>
  ) : null;

/** The current enterprise's information, DID and chain account (spec 2.2 /userCenter/perfrom, 6). */
export default function PerFromPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const query = useQuery({ queryKey: companyKeys.info(), queryFn: () => call(api.company.info, {}) });
  const company = query.data;

  const fields: TDetailField<TCompanyInfo>[] = [
    // The company's registered Chinese names and its legal person: user data in the language entered.
    { key: 'name', label: 'userCenter.perfrom.enterpriseName', value: (c) => userValue(c.name) },
    {
      key: 'englishName',
      label: 'userCenter.perfrom.enterpriseEnglishName',
      value: (c) => (
        <EditableValue
          permission="EditEnglishName"
          onEdit={() => setDialog('englishName')}
          testId="edit-english-name"
        >
          <span data-testid="company-english-name">{c.englishName || '--'}</span>
        </EditableValue>
      ),
    },
    {
      key: 'chineseShort',
      label: 'userCenter.perfrom.chineseShort',
      value: (c) => userValue(c.chineseShort),
    },
    { key: 'englishShort', label: 'userCenter.perfrom.englishShort' },
    { key: 'usci', label: 'userCenter.perfrom.usci' },
    {
      key: 'role',
      label: 'userCenter.perfrom.role',
      value: (c) =>
        c.role === AUTOMAKER_ROLE ? (
          <Tag color="blue">{t('userCenter.perfrom.automaker')}</Tag>
        ) : (
          <Tag>{t('userCenter.perfrom.otherRole')}</Tag>
        ),
    },
    {
      key: 'businessAttribute',
      label: 'userCenter.perfrom.businessAttribute',
      value: (c) =>
        c.businessAttribute === 'trading' ||
        c.businessAttribute === 'manufacturing' ||
        c.businessAttribute === 'mineral'
          ? t(`userCenter.perfrom.attributes.${c.businessAttribute}`)
          : c.businessAttribute,
    },
    {
      key: 'scene',
      label: 'userCenter.perfrom.scene',
      value: (c) => (c.scene ? <SceneTitle scene={c.scene} /> : null),
    },
    {
      key: 'deploymentMethod',
      label: 'userCenter.perfrom.deploymentMethod',
      value: (c) =>
        c.deploymentMethod === 'localized' || c.deploymentMethod === 'distributed'
          ? t(`userCenter.perfrom.deployment.${c.deploymentMethod}`)
          : c.deploymentMethod,
    },
    {
      key: 'legalPersonName',
      label: 'userCenter.perfrom.legalPerson',
      value: (c) => userValue(c.legalPersonName),
    },
    {
      key: 'businessTermFrom',
      label: 'userCenter.perfrom.businessTerm',
      value: (c) =>
        c.businessTermFrom
          ? `${formatDate(c.businessTermFrom)} ~ ${formatDate(c.businessTermTo) ?? t('userCenter.perfrom.longTerm')}`
          : null,
    },
    {
      key: 'status',
      label: 'userCenter.perfrom.status',
      value: (c) => <EnabledBadge status={c.status} t={t} />,
    },
  ];
  const addressFields: TDetailField<TCompanyInfo>[] = [
    {
      key: 'registeredAddress',
      label: 'userCenter.perfrom.registeredAddress',
      wide: true,
      value: (c) => addressText(c.registeredAddress, lang),
    },
    {
      key: 'operationAddress',
      label: 'userCenter.perfrom.operationAddress',
      wide: true,
      value: (c) => addressText(c.operationAddress, lang),
    },
  ];
  const identityFields: TDetailField<TCompanyInfo>[] = [
    { key: 'did', label: 'userCenter.perfrom.did', wide: true, value: (c) => copyable(c.did) },
    {
      key: 'chainAccount',
      label: 'userCenter.perfrom.chainAccount',
      wide: true,
      value: (c) => copyable(c.chainAccount),
    },
    {
      key: 'certifiedAt',
      label: 'userCenter.perfrom.certifiedAt',
      value: (c) => formatDateTime(c.certifiedAt),
    },
    {
      key: 'certificateEvidence',
      label: 'ledger.certificate.label',
      wide: true,
      value: () => <LatestEvidence eventType="enterprise.certified" testId="certificate-evidence" />,
    },
  ];

  // Three cards: the company, its addresses, its on-chain identity; each with its one action, if granted.
  const cards: {
    testId: string;
    title: TI18nKey;
    fields: TDetailField<TCompanyInfo>[];
    action?: { permission: string; dialog: TDialog; label: TI18nKey; testId: string; primary?: boolean };
  }[] = [
    { testId: 'perfrom-card', title: 'userCenter.perfrom.card', fields },
    {
      testId: 'address-card',
      title: 'userCenter.perfrom.addressCard',
      fields: addressFields,
      action: {
        permission: 'EditAddress',
        dialog: 'address',
        label: 'userCenter.perfrom.editAddress',
        testId: 'edit-address',
      },
    },
    {
      testId: 'identity-card',
      title: 'userCenter.perfrom.identityCard',
      fields: identityFields,
      action: {
        permission: 'ViewBlockchainCertificate',
        dialog: 'certificate',
        label: 'userCenter.perfrom.viewCertificate',
        testId: 'view-certificate',
        primary: true,
      },
    },
  ];

  return (
    <div className="page-stack">
      {cards.map(({ testId, title, fields: cardFields, action }) => (
        <DetailCard
          key={testId}
          title={t(title)}
          record={company}
          fields={cardFields}
          loading={query.isPending}
          testId={testId}
          extra={
            action &&
            can(action.permission) && (
              <Button
                type={action.primary ? 'primary' : 'default'}
                ghost={action.primary}
                icon={action.primary ? <SafetyCertificateOutlined /> : undefined}
                onClick={() => setDialog(action.dialog)}
                data-testid={action.testId}
              >
                {t(action.label)}
              </Button>
            )
          }
        />
      ))}
      {company && dialog === 'englishName' && (
        <EnglishNameDialog company={company} onClose={() => setDialog(null)} />
      )}
      {company && dialog === 'address' && <AddressDialog company={company} onClose={() => setDialog(null)} />}
      {dialog === 'certificate' && <CertificateDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
