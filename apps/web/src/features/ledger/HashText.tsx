import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_TEXT } from '../../shared/format';

/** First and last characters of a long hash, e.g. `3f2a9c01…d4e5f6a7`. */
export function shortHash(value: string, head = 10, tail = 8): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** A hash in monospace with a copy button that copies the full value; `short` shows it abbreviated. */
export function HashText({
  value,
  short = false,
  testId,
}: {
  value: string | null | undefined;
  short?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!value) return <>{EMPTY_TEXT}</>;
  return (
    <Typography.Text
      className="mono-text hash-text"
      title={short ? value : undefined}
      copyable={{ text: value, tooltips: [t('ledger.hash.copy'), t('ledger.hash.copied')] }}
      data-testid={testId}
      data-hash={value}
    >
      {short ? shortHash(value) : value}
    </Typography.Text>
  );
}
