import type { z } from 'zod';
import { AppDialog } from '../AppDialog';
import { DeclaredForm } from './DeclaredForm';
import type { TDeclaredForm } from './types';
import { useFormSubmit } from './useFormSubmit';

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
      testId={declared.testId}
    >
      <DeclaredForm declared={declared} form={form} onSubmit={() => void submit()} />
    </AppDialog>
  );
}
