import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

/** Serves both /book and /book-session. */
export function BookRoute() {
  return (
    <>
      <PageHeader
        title="Book Session"
        intro={`Choose a one-hour AI session ($9), a monthly subscription ($19, unlimited AI access) or a 90-minute in-person consultation with ${PRACTITIONER_NAME} ($400), then pick a date and a time.`}
      />
      <PagePreparing />
    </>
  );
}
