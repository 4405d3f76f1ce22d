import { isApiRequestError, isSwallowed } from '../api/errors';
import { Alert } from './alert';
import { Button } from './button';
import { useCommonT } from './use-common-translation';

export interface ErrorMessageProps {
  /** whatever was caught; an ApiRequestError shows its (server-translated) message */
  error: unknown;
  onRetry?: () => void;
  title?: string;
  className?: string;
}

/** Shows a caught error to the member; nothing for a swallowed one (already handled: logged out). */
export function ErrorMessage({ error, onRetry, title, className }: ErrorMessageProps) {
  const t = useCommonT();
  if (error === null || error === undefined || isSwallowed(error)) return null;
  const message = isApiRequestError(error) && error.message ? error.message : t('errors.generic');
  return (
    <Alert
      variant="danger"
      title={title}
      className={className}
      action={
        onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
