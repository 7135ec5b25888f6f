import { api, CERTIFICATION_STATUS } from '@tracehub/contract';
import { pickLangText } from '../../../i18n';
import { StatusBadge } from '../../../shared/StatusBadge';
import { defineResource } from '../../../shared/list/types';
import { STATUS_COLOURS } from '../../certification/CertificationCard';
import { sceneText } from '../labels';
import { operatorKeys } from '../queries';
import { ReviewDrawer } from './ReviewDrawer';
import { VerifierBadge } from './VerifierBadge';

/** The certification audit queue: status filter, verifier outcome, and the review drawer. */
export const certificationResource = defineResource({
  name: 'operator/certification',
  endpoint: api.operator.certification.page,
  keys: operatorKeys.certifications,
  rowKey: 'id',
  columns: [
    {
      key: 'name',
      label: 'operator.certification.fields.name',
      width: 260,
      sortable: true,
      render: (r, { lang }) => pickLangText(lang, r.name, r.englishName),
    },
    { key: 'usci', label: 'operator.certification.fields.usci', width: 200 },
    {
      key: 'status',
      label: 'operator.certification.fields.status',
      width: 150,
      filter: {
        prop: 'status',
        options: ({ t }) => CERTIFICATION_STATUS.map((s) => ({ value: s, label: t(`identify.status.${s}`) })),
      },
      render: (r, { t }) => (
        <StatusBadge colour={STATUS_COLOURS[r.status]} testId="certification-row-status">
          {t(`identify.status.${r.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'verifierResult',
      label: 'operator.certification.fields.verifier',
      width: 130,
      render: (r) => <VerifierBadge result={r.verifierResult} />,
    },
    {
      key: 'scene',
      label: 'operator.certification.fields.scene',
      width: 170,
      render: (r, ctx) => sceneText(r.scene, ctx),
    },
    { key: 'applicantUsername', label: 'operator.certification.fields.applicant', width: 150 },
    {
      key: 'submittedAt',
      label: 'operator.certification.fields.submittedAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
    {
      key: 'auditedAt',
      label: 'operator.certification.fields.auditedAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [
    { type: 'text', prop: 'name', label: 'operator.certification.fields.name', basic: true },
    { type: 'text', prop: 'usci', label: 'operator.certification.fields.usci', basic: true },
  ],
  rowActions: [
    {
      key: 'review',
      label: (r, { t }) =>
        r.status === 'pendingAudit'
          ? t('operator.certification.actions.review')
          : t('operator.certification.actions.view'),
      dialog: 'review',
    },
  ],
  dialogs: { review: ReviewDrawer },
});
