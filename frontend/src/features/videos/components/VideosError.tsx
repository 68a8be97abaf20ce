import { Alert, Button } from 'antd';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { errorSentence } from '../../../shared/api/error-message';
import { texts } from '../texts';

/** A lazy chunk, with antd (AntdPart.tsx). */
export function VideosError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <AntdScope>
      <Alert
        type="error"
        showIcon
        title={texts.errorTitle}
        description={errorSentence(error)}
        action={<Button onClick={onRetry}>{texts.retry}</Button>}
      />
    </AntdScope>
  );
}
