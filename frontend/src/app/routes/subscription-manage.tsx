import { ManageScreen } from '../../features/payments/sign-in/ManageScreen';
import { texts } from '../../features/payments/sign-in/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscriptionManageRoute() {
  return (
    <>
      <PageHeader title={texts.manage.pageTitle} intro={texts.manage.intro} />
      <ManageScreen />
    </>
  );
}
