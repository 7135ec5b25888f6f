import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, codeRuleSample, LIMITS, ZCodeRuleInput } from '@tracehub/contract';
import type { z } from 'zod';
import { call } from '../../../api/client';
import { useSchemaSubmit } from './useSchemaSubmit';
import { useLang } from '../../../i18n';
import { AppDialog } from '../../../shared/AppDialog';
import type { TListItem, TResourceDialogProps } from '../../../shared/list/types';
import { zodRule } from '../../../shared/zodRules';

type TCodeRuleRow = TListItem<typeof api.operator.codeRulePage>;
type TCodeRuleValues = z.input<typeof ZCodeRuleInput>;

const DATE_FORMATS = ['none', 'YYYYMMDD', 'YYMMDD', 'YYYYMM'] as const;
const shape = ZCodeRuleInput.shape;

/** Creates a code rule (prefix, date format, serial length) with a live sample of its first code. */
export function CodeRuleDialog({ onClose, onDone }: TResourceDialogProps<TCodeRuleRow>) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TCodeRuleValues>();
  const values = Form.useWatch([], form) as Partial<TCodeRuleValues> | undefined;
  const sample = codeRuleSample(values ?? {});
  const label = (key: keyof typeof shape) => t(`operator.codeRule.fields.${key}`);
  const rule = (key: keyof typeof shape) => zodRule(shape[key], label(key), lang);

  const { submitting, submit } = useSchemaSubmit(
    form,
    ZCodeRuleInput,
    (input) => call(api.operator.codeRuleAdd, input),
    {
      text: t('operator.codeRule.created'),
      onDone,
    },
  );

  return (
    <AppDialog
      open
      title={t('operator.codeRule.createTitle')}
      onCancel={onClose}
      onConfirm={() => void submit()}
      submitting={submitting}
      testId="code-rule-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ prefix: '', dateFormat: 'YYYYMMDD', serialLength: 6, notes: '' }}
      >
        <Form.Item name="name" label={label('name')} required rules={[rule('name')]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="nameEn" label={label('nameEn')} rules={[rule('nameEn')]}>
          <Input maxLength={50} />
        </Form.Item>
        <div className="rule-form-row">
          <Form.Item
            name="prefix"
            label={label('prefix')}
            rules={[rule('prefix')]}
            tooltip={t('operator.codeRule.prefixHint')}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={10} className="mono-input" />
          </Form.Item>
          <Form.Item name="dateFormat" label={label('dateFormat')} required>
            <Select
              options={DATE_FORMATS.map((value) => ({
                value,
                label: t(`operator.codeRule.dateFormat.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="serialLength"
            label={label('serialLength')}
            required
            rules={[rule('serialLength')]}
          >
            <InputNumber min={3} max={12} precision={0} />
          </Form.Item>
        </div>
        <div className="code-rule-sample" data-testid="code-rule-sample">
          <span className="code-rule-sample-label">{t('operator.codeRule.fields.sample')}</span>
          <code>{sample || '--'}</code>
          <small>{t('operator.codeRule.sampleHint')}</small>
        </div>
        <Form.Item name="notes" label={label('notes')} rules={[rule('notes')]}>
          <Input.TextArea
            maxLength={LIMITS.templateNotesMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item name="notesEn" label={label('notesEn')} rules={[rule('notesEn')]}>
          <Input.TextArea
            maxLength={LIMITS.templateNotesMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
