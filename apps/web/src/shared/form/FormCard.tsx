import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DeclaredForm } from './DeclaredForm';
import type { TDeclaredForm } from './types';
import { useFormSubmit } from './useFormSubmit';

/** A declared form on a page of its own (add and edit routes): fields, then Cancel and Submit. */
export function FormCard<S extends z.ZodType>({
  onCancel,
  stickyButtons = false,
  className,
  ...declared
}: TDeclaredForm<S> & {
  onCancel: () => void;
  /** Cancel and Submit stay at the bottom of the window while a long form scrolls. */
  stickyButtons?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { form, submitting, submit } = useFormSubmit(declared);
  return (
    <Card
      className={['th-card form-card', stickyButtons && 'form-card-sticky', className]
        .filter(Boolean)
        .join(' ')}
      title={declared.title}
      loading={declared.loading}
      data-testid={declared.testId}
    >
      <DeclaredForm
        declared={declared}
        form={form}
        onSubmit={() => void submit()}
        disabled={submitting}
        className="form-card-form"
      >
        <Space className="form-card-buttons">
          <Button onClick={onCancel} disabled={submitting}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="primary" loading={submitting} onClick={() => void submit()} data-testid="form-submit">
            {t('common.actions.submit')}
          </Button>
        </Space>
      </DeclaredForm>
    </Card>
  );
}
