import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Result } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, ZLinkApplication, zUsci, type TLinkApplication } from '@tracehub/contract';
import { call, type TCallOptions } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { zodRule } from '../../shared/zodRules';

const USCI_LENGTH = 18;
const LOOKUP_DEBOUNCE_MS = 400;

type TForm = { examineName: string; uniformSocialCreditCode: string; remark?: string };

/**
 * Apply to link the account to a certified enterprise (spec 5): typing a complete tax number looks the
 * enterprise up and fills its name; the administrator audits the application.
 */
export function ApplyLinkDialog({
  open,
  bearer,
  onClose,
  onSubmitted,
}: {
  open: boolean;
  /** The sign-in step's verifyKey while no session exists yet. */
  bearer?: string;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TForm>();
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const lookupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lookupSeq = useRef(0);
  const options: TCallOptions = bearer ? { bearer } : {};

  useEffect(
    () => () => {
      if (lookupTimer.current) clearTimeout(lookupTimer.current);
    },
    [],
  );

  const lookup = async (code: string) => {
    const seq = ++lookupSeq.current;
    const found = await call(
      api.examine.selectEnterpriseByCode,
      { uniformSocialCreditCode: code },
      {
        ...options,
        silent: true,
      },
    ).catch(() => null);
    if (seq !== lookupSeq.current) return; // A newer code was typed meanwhile.
    const data = found?.success ? found.data : null;
    if (data) {
      form.setFieldValue(
        'examineName',
        lang === 'en' ? data.enterpriseNameEn || data.enterpriseName : data.enterpriseName,
      );
      void form.validateFields(['examineName']).catch(() => undefined);
    } else {
      form.setFields([{ name: 'examineName', value: '', errors: [] }]);
    }
  };

  const onTaxNumberChange = (value: string) => {
    if (lookupTimer.current) clearTimeout(lookupTimer.current);
    const code = value.trim().toUpperCase();
    if (code.length !== USCI_LENGTH) return;
    lookupTimer.current = setTimeout(() => void lookup(code), LOOKUP_DEBOUNCE_MS);
  };

  const submit = async () => {
    let values: TForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: TLinkApplication = ZLinkApplication.parse({ ...values, remark: values.remark ?? '' });
    setSubmitting(true);
    try {
      await call(api.examine.addEnterpriseUser, body, options);
      onClose();
      setSubmitted(true);
      onSubmitted();
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };

  const shape = ZLinkApplication.shape;
  return (
    <>
      <AppDialog
        open={open}
        title={t('auth.applyLink.title')}
        onCancel={onClose}
        onConfirm={() => void submit()}
        submitting={submitting}
        confirmText={t('common.actions.submit')}
        testId="apply-link-dialog"
      >
        <Form form={form} name="applyLink" layout="vertical" preserve={false}>
          <Form.Item
            name="uniformSocialCreditCode"
            label={t('auth.applyLink.usci')}
            extra={t('auth.applyLink.usciHint')}
            required
            rules={[zodRule(zUsci, t('auth.applyLink.usci'), lang)]}
          >
            <Input
              placeholder={t('auth.applyLink.usciPlaceholder')}
              maxLength={LIMITS.linkApplicationFieldMax}
              onChange={(event) => onTaxNumberChange(event.target.value)}
            />
          </Form.Item>
          <Form.Item
            name="examineName"
            label={t('auth.applyLink.name')}
            required
            rules={[zodRule(shape.examineName, t('auth.applyLink.name'), lang)]}
          >
            <Input
              placeholder={t('auth.applyLink.namePlaceholder')}
              maxLength={LIMITS.linkApplicationFieldMax}
            />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('auth.applyLink.remark')}
            rules={[zodRule(shape.remark, t('auth.applyLink.remark'), lang)]}
          >
            <Input.TextArea
              placeholder={t('auth.applyLink.remarkPlaceholder')}
              maxLength={LIMITS.linkApplicationFieldMax}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        </Form>
      </AppDialog>
      <Modal
        open={submitted}
        footer={null}
        closable={false}
        centered
        width={420}
        onCancel={() => setSubmitted(false)}
      >
        <Result
          icon={<FileDoneOutlined style={{ color: 'var(--th-primary)' }} />}
          title={t('auth.applyLink.submittedTitle')}
          subTitle={t('auth.applyLink.submittedSubtitle')}
          extra={
            <Button type="primary" onClick={() => setSubmitted(false)} data-testid="apply-submitted-ok">
              {t('common.actions.iKnow')}
            </Button>
          }
        />
      </Modal>
    </>
  );
}
