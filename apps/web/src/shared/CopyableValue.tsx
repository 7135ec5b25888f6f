import { App, Button, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';

/**
 * A value shown once (a one-time password, a key's secret) with its copy button. Without a clipboard (an
 * insecure origin, a refused permission) the text can still be selected by hand.
 */
export function CopyableValue({
  value,
  testId,
  className,
  texts,
}: {
  value: string;
  /** The value's test id; the button's is `copy-<testId>`. */
  testId: string;
  className?: string;
  /** The button and its two outcomes, in the caller's words and language. */
  texts: { copy: string; copied: string; copyFailed: string };
}) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void message.success(texts.copied);
    } catch {
      void message.warning(texts.copyFailed);
    }
  };
  return (
    <Space wrap>
      <Typography.Text className={className} data-testid={testId}>
        {value}
      </Typography.Text>
      <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`copy-${testId}`}>
        {texts.copy}
      </Button>
    </Space>
  );
}
