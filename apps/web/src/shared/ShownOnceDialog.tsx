import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TI18nKey } from '../i18n';
import { AppDialog } from './AppDialog';
import { CopyableValue } from './CopyableValue';
import './shown-once.css';

/*
 * Values the server answers once and never again (a member's one-time password, a gateway key's secret):
 * a warning, the values with their copy buttons, and a button to close once they are noted. The values live
 * only in the dialog's state, so closing it loses them for good.
 */

/** A line of the dialog: a plain value, or one to copy (test id `<testId>`, its button `copy-<testId>`). */
export type TShownOnceItem =
  | { key: string; label: string; text: ReactNode }
  | { key: string; label: string; copy: string; testId: string };

/** The texts of a kind of shown-once value, as keys of the locale files. */
export interface TShownOnceTexts {
  tip: TI18nKey;
  copy: TI18nKey;
  copied: TI18nKey;
  copyFailed: TI18nKey;
  done: TI18nKey;
}

export function ShownOnceDialog({
  title,
  texts,
  items,
  onClose,
  testId,
  doneTestId,
  valueClassName,
}: {
  title: string;
  texts: TShownOnceTexts;
  items: readonly TShownOnceItem[];
  onClose: () => void;
  testId: string;
  doneTestId: string;
  /** How the copied values look (a password large and monospaced). */
  valueClassName?: string;
}) {
  const { t } = useTranslation();
  const copyTexts = { copy: t(texts.copy), copied: t(texts.copied), copyFailed: t(texts.copyFailed) };
  return (
    <AppDialog
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid={doneTestId}>
          {t(texts.done)}
        </Button>
      }
      testId={testId}
    >
      <Alert type="warning" showIcon title={t(texts.tip)} className="shown-once-tip" />
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={items.map((item) => ({
          key: item.key,
          label: item.label,
          children:
            'copy' in item ? (
              <CopyableValue
                value={item.copy}
                testId={item.testId}
                className={`shown-once-value ${valueClassName ?? ''}`}
                texts={copyTexts}
              />
            ) : (
              item.text
            ),
        }))}
      />
    </AppDialog>
  );
}

/**
 * Confirm an action whose answer is shown once (resetting a password or a secret): the confirmation, then,
 * once `run` answered, what `shown` makes of the answer. Errors are shown by the API client.
 */
export function ConfirmThenShowDialog<R>({
  title,
  confirmText,
  children,
  run,
  success,
  onClose,
  testId,
  shown,
}: {
  title: string;
  confirmText: string;
  /** The question. */
  children: ReactNode;
  run: () => Promise<R>;
  success: TI18nKey;
  onClose: () => void;
  testId: string;
  shown: (answer: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<{ value: R } | null>(null);
  if (answer) return shown(answer.value);
  const confirm = async () => {
    setSubmitting(true);
    try {
      setAnswer({ value: await run() });
      void message.success(t(success));
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <AppDialog
      open
      title={title}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      confirmText={confirmText}
      submitting={submitting}
      testId={testId}
    >
      {children}
    </AppDialog>
  );
}
