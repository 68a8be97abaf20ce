import { EmailUnsubscribedScreen } from '../../features/email-signup/components/EmailUnsubscribedScreen';
import { listTexts } from '../../features/email-signup/list-texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function EmailUnsubscribedRoute() {
  return (
    <>
      <PageHeader title={listTexts.unsubscribePageTitle} intro={listTexts.unsubscribeIntro} />
      <EmailUnsubscribedScreen />
    </>
  );
}
