import { SessionConfirmedScreen } from '../../features/session/confirmed/SessionConfirmedScreen';
import { texts } from '../../shared/payments/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SessionConfirmedRoute() {
  return (
    <>
      <PageHeader title={texts.sessionConfirmed.pageTitle} intro={texts.sessionConfirmed.intro} />
      <SessionConfirmedScreen />
    </>
  );
}
