import { Spin } from 'antd';

export function FullPageLoading() {
  return (
    <div className="full-page-loading">
      <Spin size="large" />
    </div>
  );
}
