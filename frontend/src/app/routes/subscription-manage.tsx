import { ManageScreen } from '../../features/subscription/sign-in/ManageScreen';
import { texts } from '../../features/subscription/sign-in/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscriptionManageRoute() {
  return (
    <>
      <PageHeader title={texts.manage.pageTitle} intro={texts.manage.intro} />
      <ManageScreen />
    </>
  );
}
