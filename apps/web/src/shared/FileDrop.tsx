import type { ReactNode } from 'react';
import { Alert, Upload } from 'antd';
import { FileOutlined, InboxOutlined } from '@ant-design/icons';
import { acceptOf } from './fileCheck';
import './fileDrop.css';

/**
 * A drag-and-drop (or click) zone for one file, with the chosen file's name and why it cannot be sent. The
 * caller checks the file (checkUploadFile) and sends it itself, with the API client's headers.
 */
export function FileDrop({
  extensions,
  file,
  problem,
  onChoose,
  text,
  hint,
  icon = <FileOutlined />,
  testId,
}: {
  extensions: readonly string[];
  file: File | null;
  problem: string | null;
  onChoose: (file: File) => void;
  text: ReactNode;
  hint: ReactNode;
  /** Shown before the chosen file's name. */
  icon?: ReactNode;
  testId: string;
}) {
  return (
    <div className="file-drop" data-testid={testId}>
      <Upload.Dragger
        accept={acceptOf(extensions)}
        multiple={false}
        showUploadList={false}
        beforeUpload={(chosen) => {
          onChoose(chosen);
          // Sent by hand later; antd keeps no list of its own.
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{text}</p>
        <p className="ant-upload-hint">{hint}</p>
      </Upload.Dragger>
      {file && (
        <div className={`file-drop-chosen${problem ? ' invalid' : ''}`} data-testid={`${testId}-chosen`}>
          {icon}
          <span className="file-drop-name">{file.name}</span>
        </div>
      )}
      {problem && <Alert type="error" showIcon title={problem} data-testid={`${testId}-problem`} />}
    </div>
  );
}
