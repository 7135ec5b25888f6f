import { useState } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type TPartner, type TPartnerInviteResult } from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import type { TResourceDialogProps } from '../../shared/list/types';
import { InviteFailures } from './InviteFailures';
import './partner.css';

const DIALOG_WIDTH = 720;

/**
 * Invites one partner (row action) or the selected ones (batch action) by e-mail: first the partners it
 * will write to, then the result with each failed invitation and its reason (spec 8).
 */
export function InviteDialog({ record, rows, onClose, onDone, refresh }: TResourceDialogProps<TPartner>) {
  const { t } = useTranslation();
  const targets = record ? [record] : rows;
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TPartnerInviteResult | null>(null);
  const send = async () => {
    if (sending) return;
    setSending(true);
    try {
      setResult(await call(api.partner.invite, { ids: targets.map((p) => p.id) }));
      // The list behind shows the new invitation states at once; closing clears the selection.
      refresh();
    } catch {
      // The client has shown why.
    } finally {
      setSending(false);
    }
  };
  if (result) {
    const allSent = result.failed.length === 0;
    return (
      <AppDialog
        open
        title={t('partner.invite.resultTitle')}
        width={DIALOG_WIDTH}
        onCancel={onDone}
        footer={
          <Button type="primary" onClick={onDone} data-testid="dialog-confirm">
            {t('common.actions.confirm')}
          </Button>
        }
        testId="invite-result-dialog"
      >
        <Result
          className="invite-result"
          status={allSent ? 'success' : result.invited > 0 ? 'warning' : 'error'}
          title={
            <span data-testid="invite-result-title">
              {allSent ? t('partner.invite.allSent') : t('partner.invite.sent', { count: result.invited })}
            </span>
          }
          extra={
            allSent ? null : (
              <InviteFailures
                title={t('partner.invite.failedTitle', { count: result.failed.length })}
                failed={result.failed}
              />
            )
          }
        />
      </AppDialog>
    );
  }
  return (
    <AppDialog
      open
      title={t('partner.invite.title')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      onConfirm={() => void send()}
      submitting={sending}
      confirmText={t('partner.invite.send')}
      testId="invite-dialog"
    >
      <p>{t('partner.invite.intro', { count: targets.length })}</p>
      <ul className="invite-targets" data-testid="invite-targets">
        {targets.map((p) => (
          <li key={p.id}>
            {p.code} · {p.name}
            <span className="invite-target-email">{p.email}</span>
          </li>
        ))}
      </ul>
      <p className="invite-hint">{t('partner.invite.skipHint')}</p>
    </AppDialog>
  );
}
