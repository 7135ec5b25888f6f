import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, ZIdRuleInput } from '@tracehub/contract';
import type { z } from 'zod';
import { call } from '../../../api/client';
import { useSchemaSubmit } from './useSchemaSubmit';
import { useLang } from '../../../i18n';
import { AppDialog } from '../../../shared/AppDialog';
import type { TListItem, TResourceDialogProps } from '../../../shared/list/types';
import { zodRule } from '../../../shared/zodRules';
import { IdElementsEditor } from './IdElementsEditor';
import { DEFAULT_ID_ELEMENTS } from './idRuleModel';

type TIdRuleRow = TListItem<typeof api.operator.idRulePage>;
type TIdRuleValues = z.input<typeof ZIdRuleInput>;

const CODE_TYPES = ['product', 'batch', 'vin', 'package'] as const;
const DIALOG_WIDTH = 760;
const shape = ZIdRuleInput.shape;

/** Creates an ID rule: name, coded object, elements adding up to 32 characters, notes. */
export function IdRuleDialog({ onClose, onDone }: TResourceDialogProps<TIdRuleRow>) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TIdRuleValues>();

  const { submitting, submit } = useSchemaSubmit(
    form,
    ZIdRuleInput,
    (input) => call(api.operator.idRuleAdd, input),
    {
      text: t('operator.idRule.created'),
      onDone,
    },
  );

  return (
    <AppDialog
      open
      title={t('operator.idRule.createTitle')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      onConfirm={() => void submit()}
      submitting={submitting}
      testId="id-rule-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          codeType: 'product',
          elements: DEFAULT_ID_ELEMENTS.map((e) => ({ ...e })),
          notes: '',
          nameEn: '',
          notesEn: '',
        }}
      >
        <div className="rule-form-row">
          <Form.Item
            name="name"
            label={t('operator.idRule.fields.name')}
            required
            rules={[zodRule(shape.name, t('operator.idRule.fields.name'), lang)]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="codeType" label={t('operator.idRule.fields.codeType')} required>
            <Select
              options={CODE_TYPES.map((value) => ({ value, label: t(`operator.idRule.codeType.${value}`) }))}
            />
          </Form.Item>
        </div>
        {/* The rule's name and notes as the English console shows them (blank: the Chinese ones). */}
        <Form.Item
          name="nameEn"
          label={t('operator.idRule.fields.nameEn')}
          rules={[zodRule(shape.nameEn, t('operator.idRule.fields.nameEn'), lang)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('operator.idRule.fields.elements')} required>
          <IdElementsEditor />
        </Form.Item>
        <Form.Item
          name="notes"
          label={t('operator.idRule.fields.notes')}
          rules={[zodRule(shape.notes, t('operator.idRule.fields.notes'), lang)]}
        >
          <Input.TextArea
            maxLength={LIMITS.templateNotesMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item
          name="notesEn"
          label={t('operator.idRule.fields.notesEn')}
          rules={[zodRule(shape.notesEn, t('operator.idRule.fields.notesEn'), lang)]}
        >
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
