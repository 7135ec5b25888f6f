import type { ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TI18nKey } from '../i18n';

export interface TConfirmOptions {
  content: ReactNode;
  /** Defaults to "Attention" (提示), the default title of spec 8. */
  title?: TI18nKey;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** Runs on confirm; the dialog stays open with a loading button until it settles. */
  onConfirm?: () => Promise<unknown>;
}

export type TConfirm = (options: TConfirmOptions) => Promise<boolean>;

/**
 * Confirm dialogs of spec 8: default title, confirm and cancel buttons. Resolves true once confirmed (and
 * `onConfirm` succeeded), false when cancelled or when `onConfirm` failed (the client already showed why).
 */
export function useConfirm(): TConfirm {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (options) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t(options.title ?? 'common.dialog.attention'),
        content: options.content,
        okText: t('common.actions.confirm'),
        cancelText: t('common.actions.cancel'),
        okButtonProps: { danger: options.danger, 'data-testid': 'confirm-ok' },
        cancelButtonProps: { 'data-testid': 'confirm-cancel' },
        onOk: async () => {
          try {
            await options.onConfirm?.();
            resolve(true);
          } catch {
            resolve(false);
          }
        },
        onCancel: () => resolve(false),
      });
    });
}
