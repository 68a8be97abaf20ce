import { EmailConfirmedScreen } from '../../features/email-signup/components/EmailConfirmedScreen';
import { listTexts } from '../../features/email-signup/list-texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function EmailConfirmedRoute() {
  return (
    <>
      <PageHeader title={listTexts.confirmedPageTitle} intro={listTexts.confirmedIntro} />
      <EmailConfirmedScreen />
    </>
  );
}
