import type { ReactNode } from 'react';
import { Alert } from 'antd';

/** A short warning line above a form or list. */
export function WarningTip({ children }: { children: ReactNode }) {
  return <Alert type="warning" showIcon title={children} className="warning-tip" />;
}
