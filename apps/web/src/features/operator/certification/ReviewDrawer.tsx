import { useState } from 'react';
import { App, Button, Drawer, Space, Spin } from 'antd';
import { CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, verifierReasonText, type TCertification } from '@tracehub/contract';
import { call } from '../../../api/client';
import { pickLangText, useLang } from '../../../i18n';
import { useConfirm } from '../../../shared/confirm';
import { DetailCard, type TDetailField } from '../../../shared/DetailCard';
import { StatusBadge } from '../../../shared/StatusBadge';
import { formatDateTime } from '../../../shared/format';
import type { TListItem, TResourceDialogProps } from '../../../shared/list/types';
import { STATUS_COLOURS } from '../../certification/CertificationCard';
import { verifierName } from '../../certification/verifierName';
import { useCertificationDetail } from '../queries';
import { CertificateImages } from './CertificateImages';
import { ReturnDialog } from './ReturnDialog';
import { addressFields, identityFields, legalPersonFields } from './companyDetailFields';
import { VerifierBadge } from './VerifierBadge';

export type TCertificationRow = TListItem<typeof api.operator.certification.page>;

const DRAWER_WIDTH = 920;

const overviewFields: readonly TDetailField<TCertification>[] = [
  {
    key: 'status',
    label: 'operator.certification.fields.status',
    value: (c, { t }) => (
      <StatusBadge colour={STATUS_COLOURS[c.status]} testId="review-status">
        {t(`identify.status.${c.status}`)}
      </StatusBadge>
    ),
  },
  { key: 'applicantUsername', label: 'operator.certification.detail.applicant' },
  {
    key: 'submittedAt',
    label: 'operator.certification.detail.submittedAt',
    value: (c) => formatDateTime(c.submittedAt),
  },
  {
    key: 'auditedAt',
    label: 'operator.certification.detail.auditedAt',
    value: (c) => (c.auditedAt ? formatDateTime(c.auditedAt) : null),
  },
  {
    key: 'verifierName',
    label: 'operator.certification.detail.verifierName',
    value: (c, { t }) => (c.verifierResult ? verifierName(c.verifierResult.verifier, t) : null),
  },
  {
    key: 'verifierResult',
    label: 'operator.certification.detail.verifierResult',
    value: (c) => <VerifierBadge result={c.verifierResult} />,
  },
  {
    key: 'verifierReason',
    label: 'operator.certification.detail.verifierReason',
    wide: true,
    value: (c, { lang }) =>
      c.verifierResult?.reason ? verifierReasonText(c.verifierResult.reason, lang) : null,
  },
  { key: 'auditNotes', label: 'operator.certification.detail.auditNotes', wide: true },
  { key: 'enterpriseUuid', label: 'operator.certification.detail.enterpriseUuid', wide: true },
];

const registeredFields = addressFields((f) => f.registeredAddress);
const operationFields = addressFields((f) => f.operationAddress);

/**
 * The audit drawer: every field of the submitted form, the uploaded images, the verifier's result, and for
 * a pending application the two decisions: approve (confirmed) or return with notes.
 */
export function ReviewDrawer({ record, onClose, onDone }: TResourceDialogProps<TCertificationRow>) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const detail = useCertificationDetail(record?.id ?? null);
  const [returning, setReturning] = useState(false);
  const item = detail.data;
  const form = item?.form;
  const name = record ? pickLangText(lang, record.name, record.englishName) : '';
  const pending = item?.status === 'pendingAudit';

  const approve = async () => {
    if (!item) return;
    // The confirm dialog keeps its button loading until the approval has been answered.
    const done = await confirm({
      content: t('operator.certification.approveConfirm', { name }),
      onConfirm: () => call(api.operator.certification.approve, { id: item.id }),
    });
    if (!done) return;
    void message.success(t('operator.certification.approved'));
    onDone();
  };

  return (
    <Drawer
      open
      size={DRAWER_WIDTH}
      title={`${t('operator.certification.detail.title')} · ${name}`}
      onClose={onClose}
      destroyOnHidden
      className="review-drawer"
      data-testid="review-drawer"
      footer={
        pending && (
          <Space className="review-drawer-footer">
            <Button
              icon={<RollbackOutlined />}
              danger
              onClick={() => setReturning(true)}
              data-testid="review-return"
            >
              {t('operator.certification.return')}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => void approve()}
              data-testid="review-approve"
            >
              {t('operator.certification.approve')}
            </Button>
          </Space>
        )
      }
    >
      {!item || !form ? (
        <div className="review-loading">
          <Spin />
        </div>
      ) : (
        <div className="review-sections" data-testid="review-content">
          <DetailCard
            title={t('operator.certification.detail.overview')}
            record={item}
            fields={overviewFields}
          />
          <DetailCard title={t('identify.form.sections.identity')} record={form} fields={identityFields} />
          <DetailCard
            title={t('identify.form.sections.registeredAddress')}
            record={form}
            fields={registeredFields}
          />
          <DetailCard
            title={t('identify.form.sections.operationAddress')}
            record={form}
            fields={operationFields}
          />
          <DetailCard title={t('identify.form.sections.legal')} record={form} fields={legalPersonFields} />
          <div className="th-card review-images">
            <h3>{t('operator.certification.detail.images')}</h3>
            <CertificateImages form={form} />
          </div>
        </div>
      )}
      {returning && item && (
        <ReturnDialog
          id={item.id}
          onClose={() => setReturning(false)}
          onDone={() => {
            setReturning(false);
            onDone();
          }}
        />
      )}
    </Drawer>
  );
}
