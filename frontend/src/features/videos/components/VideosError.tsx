import { Alert, Button } from 'antd';
import { errorSentence } from '../../../shared/api/error-message';
import { texts } from '../texts';

export function VideosError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={texts.errorTitle}
      description={errorSentence(error)}
      action={<Button onClick={onRetry}>{texts.retry}</Button>}
    />
  );
}
