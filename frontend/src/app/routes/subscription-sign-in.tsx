import { SignInScreen } from '../../features/subscription/sign-in/SignInScreen';
import { texts } from '../../features/subscription/sign-in/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscriptionSignInRoute() {
  return (
    <>
      <PageHeader title={texts.signIn.pageTitle} intro={texts.signIn.intro} />
      <SignInScreen />
    </>
  );
}
