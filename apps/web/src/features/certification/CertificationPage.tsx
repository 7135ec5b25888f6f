import { useState } from 'react';
import { App, Button, Card, Space, Spin, Steps } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  LogoutOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TCertification, type TCompanyForm } from '@tracehub/contract';
import { call } from '../../api/client';
import { WarningTip } from '../../shared/WarningTip';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../../stores/session';
import { ApplyLinkDialog } from '../auth/ApplyLinkDialog';
import { SelectEnterpriseDialog } from '../auth/SelectEnterpriseDialog';
import { enterpriseStatus } from '../auth/enterpriseDisplay';
import { useSessionEnterprises } from '../auth/queries';
import { switchEnterprise } from '../auth/session';
import { useLogoutConfirm } from '../auth/useLogoutConfirm';
import { CertificationCard } from './CertificationCard';
import { CompanyForm } from './CompanyForm';
import { EnterpriseStatusList } from './EnterpriseStatusList';
import { IdentifyShell } from './IdentifyShell';
import { fromCompanyForm } from './companyFormModel';
import { certificationKeys, useMyCertifications } from './queries';

/** identify: the account has no certified enterprise (spec 4 gate); add: certify one more from the console. */
export type TCertificationEntry = 'identify' | 'add';

/**
 * Enterprise certification (spec 2.1, 4): the account's applications as status timelines, and the company
 * form for a new application or for editing a returned one (`?view=form`, `?edit=<id>`). An approved
 * application is entered from here; the link and switch actions of the sign-in stay available.
 */
export function CertificationPage({ entry }: { entry: TCertificationEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const userInfo = useSession((s) => s.userInfo);
  const confirmLogout = useLogoutConfirm();
  const enterprisesQuery = useSessionEnterprises(true);
  const mine = useMyCertifications();
  const [switching, setSwitching] = useState(false);
  const [applying, setApplying] = useState(false);
  const [entering, setEntering] = useState<number | null>(null);
  useDocumentTitle(entry === 'add' ? t('identify.addTitle') : t('identify.title'));

  const applications = mine.data ?? [];
  const editId = Number(params.get('edit'));
  const editing = applications.find((a) => a.id === editId && a.status === 'returned');
  const viewParam = params.get('view');
  const defaultView = entry === 'add' || applications.length === 0 ? 'form' : 'list';
  const view = editing || viewParam === 'form' ? 'form' : viewParam === 'list' ? 'list' : defaultView;
  const variant =
    entry === 'add' && view === 'form' ? 'new' : applications.length > 0 ? 'applications' : 'none';

  const enterprises = enterprisesQuery.data ?? [];
  const hasUsable = enterprises.some((e) => enterpriseStatus(e) === 'usable');
  const atLimit = enterprises.length >= LIMITS.enterprisesPerAccount;

  const show = (next: Record<string, string>) => {
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  const submit = async (form: TCompanyForm) => {
    if (editing) await call(api.certification.resubmit, { id: editing.id, form });
    else await call(api.certification.submit, form);
    void message.success(t('identify.form.submitted'));
    await queryClient.invalidateQueries({ queryKey: certificationKeys.mine() });
    show({ view: 'list' });
  };

  const enter = async (item: TCertification) => {
    if (!userInfo || !item.enterpriseUuid || entering !== null) return;
    setEntering(item.id);
    try {
      await switchEnterprise({ loginAccount: userInfo.username, enterpriseUuid: item.enterpriseUuid });
    } catch {
      // Shown by the client.
    } finally {
      setEntering(null);
    }
  };

  return (
    <IdentifyShell>
      <Card className="th-card identify-card">
        <div className="identify-hero">
          <span className="identify-hero-icon">
            <SafetyCertificateOutlined />
          </span>
          <div>
            <h1 data-testid="identify-headline">{t(`identify.headline.${variant}`)}</h1>
            <p>{t(`identify.description.${variant}`)}</p>
          </div>
        </div>

        {atLimit && (
          <div className="identify-alert">
            <WarningTip>{t('identify.limitReached', { max: LIMITS.enterprisesPerAccount })}</WarningTip>
          </div>
        )}

        {view === 'form' && (
          // Before an application exists, how certification goes; afterwards each card shows its own steps.
          <Steps
            className="identify-steps"
            current={-1}
            size="small"
            items={[
              { title: t('identify.steps.submit') },
              { title: t('identify.steps.thirdParty') },
              { title: t('identify.steps.audit') },
              { title: t('identify.steps.did') },
            ]}
          />
        )}

        <div className="identify-columns">
          <section>
            <h2>{t('identify.benefits.title')}</h2>
            <ul className="identify-benefits">
              {[
                t('identify.benefits.did'),
                t('identify.benefits.evidence'),
                t('identify.benefits.console'),
              ].map((text) => (
                <li key={text}>
                  <CheckCircleOutlined /> {text}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2>{t('identify.enterprises.title')}</h2>
            <EnterpriseStatusList
              enterprises={enterprises}
              loading={enterprisesQuery.isPending}
              currentUuid={userInfo?.enterpriseUuid}
            />
          </section>
        </div>

        <Space className="identify-actions" wrap>
          {view === 'list' && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => show({ view: 'form' })}
              data-testid="identify-certify-new"
            >
              {t('identify.actions.certifyNew')}
            </Button>
          )}
          {view === 'form' && applications.length > 0 && (
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={() => show({ view: 'list' })}
              data-testid="identify-back-to-list"
            >
              {t('identify.actions.backToApplications')}
            </Button>
          )}
          {entry === 'add' ? (
            <Button onClick={() => void navigate('/home')} data-testid="identify-back-to-console">
              {t('identify.actions.backToConsole')}
            </Button>
          ) : (
            <Button
              icon={hasUsable ? <SwapOutlined /> : <PlusOutlined />}
              onClick={() => (hasUsable ? setSwitching(true) : setApplying(true))}
              data-testid="identify-switch"
            >
              {hasUsable ? t('identify.actions.switch') : t('identify.actions.applyLink')}
            </Button>
          )}
          <Button icon={<LogoutOutlined />} onClick={confirmLogout}>
            {t('identify.actions.logout')}
          </Button>
        </Space>
      </Card>

      <div className="identify-body">
        {mine.isPending ? (
          <div className="identify-loading">
            <Spin />
          </div>
        ) : view === 'list' ? (
          <section className="certification-list" data-testid="certification-list">
            <h2 className="identify-section-title">{t('identify.applications.title')}</h2>
            {applications.map((item) => (
              <CertificationCard
                key={item.id}
                item={item}
                current={item.enterpriseUuid !== null && item.enterpriseUuid === userInfo?.enterpriseUuid}
                entering={entering === item.id}
                onEnter={(a) => void enter(a)}
                onEdit={(a) => show({ edit: String(a.id) })}
              />
            ))}
          </section>
        ) : (
          <section data-testid="certification-form-view">
            <h2 className="identify-section-title">
              {editing ? t('identify.form.titleEdit') : t('identify.form.titleNew')}
            </h2>
            <p className="identify-section-intro">{t('identify.form.intro')}</p>
            <CompanyForm
              key={editing?.id ?? 'new'}
              initial={editing ? fromCompanyForm(editing.form) : undefined}
              editing={Boolean(editing)}
              onSubmit={submit}
              onCancel={applications.length > 0 ? () => show({ view: 'list' }) : undefined}
            />
          </section>
        )}
      </div>

      <SelectEnterpriseDialog mode="switch" open={switching} onClose={() => setSwitching(false)} />
      <ApplyLinkDialog
        open={applying}
        onClose={() => setApplying(false)}
        onSubmitted={() => void enterprisesQuery.refetch()}
      />
    </IdentifyShell>
  );
}
