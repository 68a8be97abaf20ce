// A card whose bank shows its own page leaves /subscribe during confirmSetup and comes back to it with Stripe's
// parameters (setup_intent_client_secret, redirect_status). The customer the SetupIntent belongs to, and the
// attempt's completion token, are kept for that trip in this tab's sessionStorage, tied to the intent's client
// secret, so the subscription is completed on return instead of being lost with the page.
const KEY = 'hhp.subscribe.setup';

interface Kept {
  clientSecret: string;
  customerId: string;
  completionToken: string;
  email: string;
}

export interface SetupReturn extends Kept {
  /** Stripe's `redirect_status`: the bank accepted. The SetupIntent itself is still asked (retrieveSetupIntent). */
  succeeded: boolean;
}

export function keepSetup(kept: Kept): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (privacy mode): a redirect then starts over at the e-mail, as without this.
  }
}

/** The setup this address returns from, when this tab started it; null otherwise. Read once: it is removed. */
export function takeSetupReturn(params: URLSearchParams): SetupReturn | null {
  const clientSecret = params.get('setup_intent_client_secret');
  if (!clientSecret) return null;
  let kept: Partial<Kept> | null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!kept || kept.clientSecret !== clientSecret || !kept.customerId || !kept.completionToken || !kept.email) {
    return null;
  }
  return {
    clientSecret,
    customerId: kept.customerId,
    completionToken: kept.completionToken,
    email: kept.email,
    succeeded: params.get('redirect_status') === 'succeeded',
  };
}
