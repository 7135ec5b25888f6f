import type { z } from 'zod';
import { LIMITS } from '@tracehub/contract';
import { AppDialog } from '../AppDialog';
import { DeclaredForm } from './DeclaredForm';
import type { TDeclaredForm } from './types';
import { useFormSubmit } from './useFormSubmit';

/** A two-column form's dialog: wide enough for two fields side by side. */
const TWO_COLUMN_WIDTH = 880;

/**
 * A form in the generic dialog (600 px, spec 2.5): declared fields with the contract's validators, and
 * no closing while its data loads or it submits.
 */
export function FormDialog<S extends z.ZodType>({
  onClose,
  confirmText,
  ...declared
}: TDeclaredForm<S> & { onClose: () => void; confirmText?: string }) {
  const { form, submitting, submit } = useFormSubmit(declared);
  return (
    <AppDialog
      open
      title={declared.title}
      onCancel={onClose}
      onConfirm={() => void submit()}
      loading={declared.loading}
      submitting={submitting}
      confirmText={confirmText}
      width={declared.columns === 2 ? TWO_COLUMN_WIDTH : LIMITS.dialogDefaultWidth}
      testId={declared.testId}
    >
      <DeclaredForm declared={declared} form={form} onSubmit={() => void submit()} />
    </AppDialog>
  );
}
