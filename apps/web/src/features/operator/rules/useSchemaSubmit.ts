import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import type { z } from 'zod';

/**
 * The create-dialog submit of the rule editors: validate the form, parse its values with the contract
 * schema, send, confirm and close. Repeat clicks are ignored while a request is in flight; failures are
 * shown by the API client.
 */
export function useSchemaSubmit<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  send: (input: z.output<S>) => Promise<unknown>,
  success: { text: string; onDone: () => void },
) {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    if (submitting) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) return;
    setSubmitting(true);
    try {
      await send(parsed.data);
      void message.success(success.text);
      success.onDone();
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit };
}
