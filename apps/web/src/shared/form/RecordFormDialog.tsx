import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { TEndpoint, TInput } from '@tracehub/contract';
import { call } from '../../api/client';
import type { TI18nKey } from '../../i18n';
import { FormDialog } from './FormDialog';
import type { TDeclaredForm, TFormField, TFormValues } from './types';

/** One side of a record form: the endpoint it sends to, its title and its success message. */
interface TFormSide {
  endpoint: TEndpoint;
  /** A text key, or the title itself (a catalogue record's, built from its noun). */
  title: TI18nKey | { text: string };
  success: TI18nKey;
}

export interface TRecordFormDialogProps<R extends { id: number }> {
  /** The record to edit; null creates a new one. */
  record: R | null;
  fields: readonly TFormField[];
  create: TFormSide & { initialValues?: TFormValues };
  /** `values` gives the form's values of the record; the request carries its id beside them. */
  update: TFormSide & { values: (record: R) => TFormValues };
  columns?: 1 | 2;
  before?: ReactNode;
  prepare?: TDeclaredForm<z.ZodType>['prepare'];
  invalidates?: QueryKey;
  testId: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * The create-or-edit dialog of a list resource: one declared form sent to the create endpoint, or with the
 * record's values and id to the update endpoint. The endpoints' request schemas are the form's rules.
 */
export function RecordFormDialog<R extends { id: number }>({
  record,
  create,
  update,
  ...shared
}: TRecordFormDialogProps<R>) {
  const { t } = useTranslation();
  const side = record ? update : create;
  return (
    <FormDialog
      {...shared}
      title={typeof side.title === 'string' ? t(side.title) : side.title.text}
      schema={side.endpoint.input}
      base={record ? { id: record.id } : undefined}
      initialValues={record ? update.values(record) : create.initialValues}
      submit={(request) =>
        call(side.endpoint, request as TInput<TEndpoint>, record ? {} : { failure: 'common.failures.create' })
      }
      success={side.success}
    />
  );
}
