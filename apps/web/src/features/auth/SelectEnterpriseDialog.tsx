import { useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Empty, Spin, Tag, Tooltip } from 'antd';
import { PlusOutlined, RightOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ERRORS, LIMITS, type TEnterpriseListItem, type TLoginStep } from '@tracehub/contract';
import { call, type TCallOptions } from '../../api/client';
import { isApiError } from '../../api/errors';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { StatusBadge } from '../../shared/StatusBadge';
import { formatDateTime } from '../../shared/format';
import { useSession } from '../../stores/session';
import { examineKeys } from './queries';
import { signInToEnterprise, switchEnterprise } from './session';
import { avatarColour, avatarText, enterpriseDisplayName, enterpriseStatus } from './enterpriseDisplay';
import { ApplyLinkDialog } from './ApplyLinkDialog';
import './selectEnterprise.css';

type TProps = { open: boolean; onClose: () => void } & (
  { mode: 'login'; loginStep: TLoginStep; target: string } | { mode: 'switch' }
);

function EnterpriseAvatar({ item, index }: { item: TEnterpriseListItem; index: number }) {
  const lang = useLang();
  const text = avatarText(item, lang);
  const chars = Array.from(text);
  // Four characters read best as two lines of two.
  const lines = chars.length > 2 ? [chars.slice(0, 2).join(''), chars.slice(2).join('')] : [text];
  return (
    <span
      className={`enterprise-avatar${chars.length === 1 ? ' single' : ''}`}
      style={{ background: avatarColour(index) }}
      data-testid="enterprise-avatar"
    >
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

/**
 * The select-associated-enterprise dialog (spec 2.5): choose the enterprise at sign-in or switch to another
 * one later; cancel a pending or delete a rejected link application; apply to link a new enterprise.
 */
export function SelectEnterpriseDialog(props: TProps) {
  const { open, onClose, mode } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userInfo = useSession((s) => s.userInfo);
  const loginStep = props.mode === 'login' ? props.loginStep : null;
  const callOptions: TCallOptions = loginStep ? { bearer: loginStep.verifyKey } : {};
  const scope = loginStep ? `login:${loginStep.loginAccount}` : 'session';

  const query = useQuery({
    queryKey: examineKeys.enterprises(scope),
    queryFn: () => call(api.examine.selectEnterpriseList, {}, callOptions),
    enabled: open,
    // At sign-in the first step already returned the list; it is fetched again only after a change.
    initialData: loginStep?.enterprises,
    staleTime: loginStep ? Infinity : 0,
  });
  const enterprises = query.data ?? [];

  const [rowBusy, setRowBusy] = useState<number | null>(null);
  const [selecting, setSelecting] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // Refs, not state: a second click in the same tick must already see the request in flight.
  const rowBusyRef = useRef(false);
  const selectingRef = useRef(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: examineKeys.enterprises(scope) });

  // The sign-in step's key has a short life; once it is refused the user has to sign in again.
  const closeIfSignInExpired = (error: unknown) => {
    if (isApiError(error) && error.code === ERRORS.VERIFY_KEY_INVALID.code) onClose();
  };

  const withdraw = async (item: TEnterpriseListItem, kind: 'cancel' | 'delete') => {
    if (rowBusyRef.current) return;
    rowBusyRef.current = true;
    setRowBusy(item.id);
    try {
      if (kind === 'cancel') await call(api.examine.cancelExamine, { id: item.id }, callOptions);
      else await call(api.examine.delEnterpriseUser, { id: item.id }, callOptions);
      void message.success(
        kind === 'cancel'
          ? t('auth.selectEnterprise.cancelSuccess')
          : t('auth.selectEnterprise.deleteSuccess'),
      );
      await refresh();
    } catch (error) {
      closeIfSignInExpired(error);
    } finally {
      rowBusyRef.current = false;
      setRowBusy(null);
    }
  };

  const enter = async (enterpriseUuid: string | null) => {
    if (selectingRef.current) return;
    selectingRef.current = true;
    setSelecting(enterpriseUuid ?? 'new');
    try {
      if (props.mode === 'login') {
        await signInToEnterprise({
          loginAccount: props.loginStep.loginAccount,
          verifyKey: props.loginStep.verifyKey,
          enterpriseUuid,
          target: enterpriseUuid ? props.target : '/identify',
        });
        return; // The login page gives way to the target route.
      }
      if (enterpriseUuid && enterpriseUuid !== userInfo?.enterpriseUuid && userInfo) {
        await switchEnterprise({ loginAccount: userInfo.username, enterpriseUuid });
      }
      onClose();
    } catch (error) {
      closeIfSignInExpired(error);
    } finally {
      selectingRef.current = false;
      setSelecting(null);
    }
  };

  const hasOpenApplication = enterprises.some((e) => enterpriseStatus(e) !== 'usable');
  const hasUsable = enterprises.some((e) => enterpriseStatus(e) === 'usable');
  // At sign-in and when switching: an account that went straight into its only enterprise links another here.
  const showAddRow =
    !query.isFetching && enterprises.length < LIMITS.enterprisesPerAccount && !hasOpenApplication;
  const showCertifyNew = mode === 'login' && !query.isFetching && !hasUsable;

  const onRowKey = (event: KeyboardEvent, action: () => void) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      action();
    }
  };

  const renderRow = (item: TEnterpriseListItem, index: number) => {
    const status = enterpriseStatus(item);
    const usable = status === 'usable';
    const isLast = item.lastLogin === 'Y';
    return (
      <div
        key={item.id}
        className={`enterprise-row ${usable ? 'usable' : 'disabled'}`}
        data-testid="enterprise-row"
        data-status={status}
        data-uuid={item.enterpriseUuid}
        data-last-login={isLast ? 'Y' : 'N'}
        role={usable ? 'button' : undefined}
        tabIndex={usable ? 0 : -1}
        onClick={usable ? () => void enter(item.enterpriseUuid) : undefined}
        onKeyDown={usable ? (event) => onRowKey(event, () => void enter(item.enterpriseUuid)) : undefined}
      >
        <EnterpriseAvatar item={item} index={index} />
        <div className="enterprise-main">
          <div className="enterprise-name">
            <span className="enterprise-name-text">{enterpriseDisplayName(item, lang)}</span>
            {isLast && usable && (
              <Tag color="green" data-testid="last-login-mark">
                {mode === 'login'
                  ? t('auth.selectEnterprise.lastLogin')
                  : t('auth.selectEnterprise.currentLogin')}
              </Tag>
            )}
          </div>
          {status === 'pending' && (
            <div className="enterprise-sub">
              <StatusBadge colour="yellow" testId="status-pending">
                {t('auth.selectEnterprise.pending')}
              </StatusBadge>
              <span>{t('auth.selectEnterprise.appliedAt', { time: formatDateTime(item.gmtModified) })}</span>
            </div>
          )}
          {status === 'rejected' && (
            <div className="enterprise-sub">
              <StatusBadge colour="red" testId="status-rejected">
                {t('auth.selectEnterprise.rejected')}
              </StatusBadge>
              <span>{t('auth.selectEnterprise.operatedAt', { time: formatDateTime(item.gmtModified) })}</span>
            </div>
          )}
        </div>
        <div className="enterprise-action">
          {status === 'pending' && (
            <Tooltip title={t('auth.selectEnterprise.cancelApplyTip')}>
              <Button
                size="small"
                loading={rowBusy === item.id}
                onClick={() => void withdraw(item, 'cancel')}
                data-testid="cancel-application"
              >
                {t('auth.selectEnterprise.cancelApply')}
              </Button>
            </Tooltip>
          )}
          {status === 'rejected' && (
            <Tooltip title={t('auth.selectEnterprise.deleteApplyTip')}>
              <Button
                size="small"
                danger
                loading={rowBusy === item.id}
                onClick={() => void withdraw(item, 'delete')}
                data-testid="delete-application"
              >
                {t('auth.selectEnterprise.deleteApply')}
              </Button>
            </Tooltip>
          )}
          {usable && (selecting === item.enterpriseUuid ? <Spin size="small" /> : <RightOutlined />)}
        </div>
      </div>
    );
  };

  return (
    <>
      <AppDialog
        open={open}
        title={
          mode === 'login' ? t('auth.selectEnterprise.titleLogin') : t('auth.selectEnterprise.titleSwitch')
        }
        onCancel={onClose}
        footer={null}
        loading={query.isPending && enterprises.length === 0}
        submitting={selecting !== null}
        testId="select-enterprise-dialog"
      >
        <p className="enterprise-hint">
          {mode === 'login' ? t('auth.selectEnterprise.hintLogin') : t('auth.selectEnterprise.hintSwitch')}
        </p>
        <div className="enterprise-list">
          {enterprises.map(renderRow)}
          {enterprises.length === 0 && !query.isPending && (
            <Empty
              className="enterprise-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('auth.selectEnterprise.empty')}
            />
          )}
          {showAddRow && (
            <div
              className="enterprise-row add-row"
              role="button"
              tabIndex={0}
              data-testid="enterprise-add-row"
              onClick={() => setApplying(true)}
              onKeyDown={(event) => onRowKey(event, () => setApplying(true))}
            >
              <span className="enterprise-avatar">
                <PlusOutlined />
              </span>
              <div className="enterprise-main">
                <div className="enterprise-name">{t('auth.selectEnterprise.addEnterprise')}</div>
                <div className="enterprise-sub">{t('auth.selectEnterprise.addEnterpriseTip')}</div>
              </div>
            </div>
          )}
          {showCertifyNew && (
            <div
              className="enterprise-row add-row"
              role="button"
              tabIndex={0}
              data-testid="certify-new-enterprise"
              onClick={() => void enter(null)}
              onKeyDown={(event) => onRowKey(event, () => void enter(null))}
            >
              <span className="enterprise-avatar">
                {selecting === 'new' ? <Spin size="small" /> : <SafetyCertificateOutlined />}
              </span>
              <div className="enterprise-main">
                <div className="enterprise-name">{t('auth.selectEnterprise.certifyNew')}</div>
                <div className="enterprise-sub">{t('auth.selectEnterprise.certifyNewTip')}</div>
              </div>
            </div>
          )}
        </div>
      </AppDialog>
      <ApplyLinkDialog
        open={applying}
        bearer={loginStep?.verifyKey}
        onClose={() => setApplying(false)}
        onSubmitted={() => void refresh()}
      />
    </>
  );
}
