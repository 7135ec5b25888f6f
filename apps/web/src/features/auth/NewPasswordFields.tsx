import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { z } from 'zod';
import { checkPasswordConfirmation, LIMITS } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { zodFieldIssues, zodRule } from '../../shared/zodRules';

// The contract's whole-form refinement runs only once every field is valid; this checks the pair alone.
const confirmationSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(checkPasswordConfirmation('password', 'confirmPassword'));

/**
 * A new password and its confirmation (form fields `password` and `confirmPassword`), checked with the
 * contract's password schema and confirmation rule: registration and the one-time password's change step.
 */
export function NewPasswordFields({
  passwordSchema,
  labels,
  placeholders,
  hint,
}: {
  passwordSchema: z.ZodType;
  labels: { password: string; confirmPassword: string };
  placeholders: { password: string; confirmPassword: string };
  hint?: ReactNode;
}) {
  const lang = useLang();
  return (
    <>
      <Form.Item
        name="password"
        label={labels.password}
        extra={hint}
        rules={[zodRule(passwordSchema, labels.password, lang)]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={placeholders.password}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={labels.confirmPassword}
        dependencies={['password']}
        validateFirst
        rules={[
          zodRule(z.string().min(1), labels.confirmPassword, lang),
          ({ getFieldValue }) => ({
            validator: async (_rule, confirmPassword: unknown) => {
              const [problem] = zodFieldIssues(
                confirmationSchema,
                { password: getFieldValue('password') ?? '', confirmPassword: confirmPassword ?? '' },
                'confirmPassword',
                labels.confirmPassword,
                lang,
              );
              if (problem) throw new Error(problem);
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={placeholders.confirmPassword}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
