import { useEffect } from 'react';
import { isApiError } from '../../shared/api/error-message';
import { useNavigate } from '../../shared/router/hooks';

/** Any of the console's calls answered 401 (no session, or it ended): the person signs in again. */
export function useSignInOn401(...errors: unknown[]): void {
  const navigate = useNavigate();
  const signedOut = errors.some((error) => isApiError(error) && error.status === 401);
  useEffect(() => {
    if (signedOut) navigate('/practice/sign-in', { replace: true });
  }, [signedOut, navigate]);
}
