import type { ReactNode } from 'react';
import { Button, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@tracehub/contract';

/**
 * The generic dialog of spec 2.5: cancel and confirm buttons, 600 px by default, a loading overlay, and no
 * way to close it while it is loading or submitting.
 */
export function AppDialog({
  open,
  title,
  children,
  onCancel,
  onConfirm,
  loading = false,
  submitting = false,
  width = LIMITS.dialogDefaultWidth,
  confirmText,
  footer,
  readOnly = false,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onCancel: () => void;
  onConfirm?: () => void;
  loading?: boolean;
  submitting?: boolean;
  width?: number;
  confirmText?: string;
  /** null hides the buttons (the dialog's content has its own actions); a node replaces them. */
  footer?: ReactNode;
  /**
   * Shows and changes nothing to confirm (a record's details): one Close button. It keeps the confirm
   * button's test id, so that a test that closed the dialog by it still does.
   */
  readOnly?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const busy = loading || submitting;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={busy ? undefined : onCancel}
      onOk={onConfirm}
      okText={confirmText ?? t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={submitting}
      okButtonProps={{ disabled: loading, 'data-testid': 'dialog-confirm' }}
      cancelButtonProps={{ disabled: busy, 'data-testid': 'dialog-cancel' }}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        readOnly && footer === undefined ? (
          <Button type="primary" onClick={onCancel} disabled={busy} data-testid="dialog-confirm">
            {t('common.actions.close')}
          </Button>
        ) : (
          footer
        )
      }
    >
      <Spin spinning={loading}>
        <div data-testid={testId}>{children}</div>
      </Spin>
    </Modal>
  );
}
