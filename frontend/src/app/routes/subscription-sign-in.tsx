import { SignInScreen } from '../../features/payments/sign-in/SignInScreen';
import { texts } from '../../features/payments/sign-in/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscriptionSignInRoute() {
  return (
    <>
      <PageHeader title={texts.signIn.pageTitle} intro={texts.signIn.intro} />
      <SignInScreen />
    </>
  );
}
