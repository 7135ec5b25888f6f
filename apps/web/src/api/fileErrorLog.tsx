import { i18n } from '../i18n';
import { ERROR_TOAST_SECONDS, feedback } from '../shared/feedback';
import type { ApiError } from './errors';

/**
 * An `onFileErrorLog` handler for calls that import files (spec 8, F1016): the server's message with a
 * link to download the error log, instead of the plain error toast.
 */
export function showFileErrorLog(errorLogUrl: (error: ApiError) => string): (error: ApiError) => void {
  return (error) => {
    feedback.message.open({
      type: 'error',
      duration: ERROR_TOAST_SECONDS,
      content: (
        <span>
          {error.message}{' '}
          <a href={errorLogUrl(error)} target="_blank" rel="noopener noreferrer">
            {i18n.t('common.request.downloadErrorLog')}
          </a>
        </span>
      ),
    });
  };
}
