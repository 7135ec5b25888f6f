import { Button, Form, Input, InputNumber, Progress, Select, Tag, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ID_RULE_ELEMENTS, validationMessage } from '@tracehub/contract';
import { useLang } from '../../../i18n';
import { ID_LENGTH, elementText, totalLength, type TIdRuleElement } from './idRuleModel';

const MAX_ELEMENTS = 12;
const SEGMENT_COLOURS = ['#38C3A4', '#3BA3F3', '#EEB253', '#9B8AFB', '#FD8480', '#71CA53', '#5AC8FA'];

/** A bar of the identification's 32 characters, one coloured segment per element. */
function StructurePreview({ elements }: { elements: readonly TIdRuleElement[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const total = Math.max(totalLength(elements), ID_LENGTH);
  return (
    <div className="id-structure" data-testid="id-structure">
      {elements.map((e, index) =>
        e.length > 0 ? (
          <Tooltip key={index} title={`${elementText(e, { t, lang })} · ${e.length}`}>
            <span
              className="id-structure-segment"
              style={{
                flexGrow: e.length / total,
                background: SEGMENT_COLOURS[index % SEGMENT_COLOURS.length],
              }}
            >
              {e.length}
            </span>
          </Tooltip>
        ) : null,
      )}
    </div>
  );
}

/**
 * The elements of an ID rule: default ones (fixed element, length editable) and additional ones, with the
 * running total against the 32 characters of an identification (spec 9).
 */
export function IdElementsEditor() {
  const { t } = useTranslation();
  const lang = useLang();
  const form = Form.useFormInstance();
  // preserve: `kind` has no field of its own, and only fields on screen are watched otherwise.
  const watched = Form.useWatch<TIdRuleElement[] | undefined>('elements', { form, preserve: true });
  const elements = (watched ?? []).filter(Boolean);
  const total = totalLength(elements);
  const diff = ID_LENGTH - total;
  const status = diff === 0 ? 'success' : diff < 0 ? 'exception' : 'normal';
  const totalHint =
    diff === 0
      ? t('operator.idRule.editor.exact')
      : diff > 0
        ? t('operator.idRule.editor.less', { n: diff })
        : t('operator.idRule.editor.more', { n: -diff });

  return (
    <Form.List
      name="elements"
      rules={[
        {
          validator: async (_rule, value: TIdRuleElement[] | undefined) => {
            if (totalLength(value) !== ID_LENGTH) throw new Error(validationMessage('v.idRule.length', lang));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="id-elements" data-testid="id-elements">
          <div className="id-elements-head">
            <span>{t('operator.idRule.editor.element')}</span>
            <span>{t('operator.idRule.editor.length')}</span>
            <span>{t('operator.idRule.editor.value')}</span>
            <span />
          </div>
          {fields.map((field) => {
            const element = elements[field.name];
            const isDefault = element?.kind === 'default';
            return (
              <div key={field.key} className="id-elements-row" data-testid="id-element-row">
                <div className="id-elements-name">
                  <Form.Item name={[field.name, 'element']} noStyle>
                    <Select
                      disabled={isDefault}
                      options={ID_RULE_ELEMENTS.map((value) => ({
                        value,
                        label: t(`operator.idRule.element.${value}`),
                      }))}
                    />
                  </Form.Item>
                  <Tag color={isDefault ? 'cyan' : 'blue'}>
                    {t(`operator.idRule.kind.${isDefault ? 'default' : 'additional'}`)}
                  </Tag>
                </div>
                <Form.Item name={[field.name, 'length']} noStyle>
                  <InputNumber min={1} max={ID_LENGTH} precision={0} data-testid="id-element-length" />
                </Form.Item>
                {element?.element === 'custom' ? (
                  <Form.Item name={[field.name, 'value']} noStyle>
                    <Input maxLength={32} placeholder={t('operator.idRule.editor.valuePlaceholder')} />
                  </Form.Item>
                ) : (
                  <span className="id-elements-none">--</span>
                )}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={isDefault}
                  aria-label={t('operator.idRule.editor.remove')}
                  title={t('operator.idRule.editor.remove')}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_ELEMENTS}
            onClick={() => add({ element: 'serial', length: 1, kind: 'additional' } satisfies TIdRuleElement)}
            data-testid="id-element-add"
          >
            {t('operator.idRule.editor.add')}
          </Button>
          <div className="id-elements-total" data-testid="id-elements-total" data-total={total}>
            <Progress
              percent={Math.min(100, (total / ID_LENGTH) * 100)}
              status={status}
              showInfo={false}
              size="small"
            />
            <span className={`id-elements-total-text ${status}`}>
              {t('operator.idRule.editor.total', { total, max: ID_LENGTH })} · {totalHint}
            </span>
          </div>
          <div className="id-elements-preview">
            <span>{t('operator.idRule.editor.preview')}</span>
            <StructurePreview elements={elements} />
          </div>
          {/* The list is checked on submit; once the total is right its old message is stale. */}
          {diff !== 0 && <Form.ErrorList errors={errors} />}
        </div>
      )}
    </Form.List>
  );
}
