import { useState } from 'react';
import { App, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TDeclaredForm, TFormValues } from './types';

/**
 * The state of a declared form: its antd instance, and a submit that validates the fields, parses the
 * complete request with the contract schema (defaults applied, texts trimmed), sends it once at a time,
 * confirms success, marks stale data and hands the answer on. A failed call leaves the form as it is:
 * the client already showed why.
 */
export function useFormSubmit<S extends z.ZodType>({
  schema,
  base,
  prepare = (values) => values,
  submit,
  success,
  invalidates,
  onDone,
}: Pick<TDeclaredForm<S>, 'schema' | 'base' | 'prepare' | 'submit' | 'success' | 'invalidates' | 'onDone'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const run = async () => {
    if (submitting) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = schema.safeParse({ ...base, ...prepare(form.getFieldsValue(true) as TFormValues) });
    // The field rules ran the same schema; a failure here is a field the form does not show.
    if (!parsed.success) return;
    setSubmitting(true);
    try {
      const result = await submit(parsed.data);
      if (success) void message.success(t(success));
      if (invalidates) void queryClient.invalidateQueries({ queryKey: invalidates });
      onDone(result);
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  return { form, submitting, submit: run };
}
