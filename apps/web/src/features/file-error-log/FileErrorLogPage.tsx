import { Button } from 'antd';
import { ArrowLeftOutlined, WarningOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLangText, useLang } from '../../i18n';
import { ResourceList } from '../../shared/list/ResourceList';
import { StandalonePage } from '../../shared/StandalonePage';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../../stores/session';
import { fileErrorLogResource } from './fileErrorLogResource';
import './fileErrorLog.css';

/**
 * /stage/fileErrorLog (spec 2.1, named target StageFileErrorLog): the enterprise's failed attachment
 * transfers on a page of its own, outside the console's menu. It is reached from links, so it shows the
 * list the link's query chose (bizType, billType); the route guard sends a visitor without a session to
 * sign in first.
 */
export default function FileErrorLogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const userInfo = useSession((s) => s.userInfo);
  const enterpriseName = userInfo
    ? pickLangText(lang, userInfo.enterpriseName, userInfo.enterpriseEnglishName)
    : null;
  useDocumentTitle(t('fileErrorLog.title'));
  return (
    <StandalonePage
      home="/home"
      width="wide"
      testId="file-error-log-page"
      actions={
        <>
          {enterpriseName && <span className="standalone-muted">{enterpriseName}</span>}
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/home')}>
            {t('fileErrorLog.backToConsole')}
          </Button>
        </>
      }
    >
      <div className="file-error-log-title">
        <WarningOutlined className="file-error-log-title-icon" />
        <div>
          <h1>{t('fileErrorLog.title')}</h1>
          <p>{t('fileErrorLog.description')}</p>
        </div>
      </div>
      <ResourceList resource={fileErrorLogResource} />
    </StandalonePage>
  );
}
