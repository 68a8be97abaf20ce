export type SignInView = 'no-token' | 'checking' | 'done' | 'failed';

/**
 * /subscription/sign-in: a link without its token; the token posted and not answered yet; answered with an
 * active subscription (the cookie is set); refused or failed. An answer without an active subscription is not
 * a sign-in: the page stays on checking (the service answers it as an error).
 */
export function signInView(token: string | null, answer: { active: boolean } | undefined, failed: boolean): SignInView {
  if (!token) return 'no-token';
  if (answer?.active) return 'done';
  return failed ? 'failed' : 'checking';
}

/** What the page offers below a failure: a new link, unless trying the same one again may pass. */
export const offersNewLink = (view: SignInView, retryable: boolean | undefined) =>
  (view === 'failed' || view === 'no-token') && !retryable;
