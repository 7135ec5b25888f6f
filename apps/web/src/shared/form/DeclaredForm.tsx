import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import type { z } from 'zod';
import { FormFields } from './FormFields';
import type { TDeclaredForm } from './types';

/** The body of a declared form: the tip above it, then its fields (once its data has loaded). */
export function DeclaredForm<S extends z.ZodType>({
  declared,
  form,
  onSubmit,
  disabled,
  className,
  children,
}: {
  declared: TDeclaredForm<S>;
  form: FormInstance;
  /** Enter in a one-field form submits it. */
  onSubmit: () => void;
  disabled?: boolean;
  className?: string;
  /** After the fields (a page's buttons). */
  children?: ReactNode;
}) {
  return (
    <>
      {declared.before}
      {!declared.loading && (
        <Form
          form={form}
          name={declared.testId}
          layout="vertical"
          initialValues={declared.initialValues}
          disabled={disabled}
          className={[className, declared.columns === 2 ? 'form-two-columns' : ''].filter(Boolean).join(' ')}
          onFinish={onSubmit}
        >
          <FormFields
            fields={declared.fields}
            schema={declared.schema}
            base={declared.base}
            prepare={declared.prepare}
          />
          {children}
        </Form>
      )}
    </>
  );
}
