import { Alert, Button, Card, Tag } from 'antd';
import { EditOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { verifierReasonText, type TCertification, type TCertificationStatus } from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import { StatusBadge, type TBadgeColour } from '../../shared/StatusBadge';
import { formatDateTime } from '../../shared/format';
import { CertificationSteps } from './CertificationSteps';

export const STATUS_COLOURS: Record<TCertificationStatus, TBadgeColour> = {
  submitted: 'blue',
  pendingAudit: 'yellow',
  approved: 'green',
  returned: 'red',
};

/** One certification application: company, status, its timeline, the reason of a return, what to do next. */
export function CertificationCard({
  item,
  current,
  entering,
  onEnter,
  onEdit,
}: {
  item: TCertification;
  /** The application's enterprise is the session's: nothing to enter. */
  current: boolean;
  entering: boolean;
  onEnter: (item: TCertification) => void;
  onEdit: (item: TCertification) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = pickLangText(lang, item.form.name, item.form.englishName);
  const verifierReason = item.verifierResult?.passed === false ? item.verifierResult.reason : null;
  return (
    <Card
      className="th-card certification-card"
      data-testid="certification-card"
      data-status={item.status}
      title={
        <div className="certification-card-title">
          <span className="certification-card-name">{name}</span>
          <StatusBadge colour={STATUS_COLOURS[item.status]} testId="certification-status">
            {t(`identify.status.${item.status}`)}
          </StatusBadge>
          {current && <Tag color="green">{t('identify.enterprises.current')}</Tag>}
        </div>
      }
      extra={
        <span className="certification-card-meta">
          {item.form.usci} ·{' '}
          {t('identify.applications.submittedAt', { time: formatDateTime(item.submittedAt) })}
        </span>
      }
    >
      <CertificationSteps item={item} />
      {item.status === 'returned' && (verifierReason || item.auditNotes) && (
        <Alert
          className="certification-card-reason"
          type="error"
          showIcon
          data-testid="certification-reason"
          title={
            verifierReason
              ? t('identify.timeline.verifierReason', { reason: verifierReasonText(verifierReason, lang) })
              : t('identify.timeline.auditNotes', { notes: item.auditNotes ?? '' })
          }
        />
      )}
      {((item.status === 'approved' && !current) || item.status === 'returned') && (
        <div className="certification-card-actions">
          {item.status === 'approved' && !current && item.enterpriseUuid && (
            <Button
              type="primary"
              icon={<LoginOutlined />}
              loading={entering}
              onClick={() => onEnter(item)}
              data-testid="certification-enter"
            >
              {t('identify.actions.enter')}
            </Button>
          )}
          {item.status === 'returned' && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => onEdit(item)}
              data-testid="certification-resubmit"
            >
              {t('identify.actions.resubmit')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
