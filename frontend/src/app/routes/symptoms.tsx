import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SymptomsRoute() {
  return (
    <>
      <PageHeader
        title="Symptom Explorer"
        intro={`Browse six symptom categories, from digestive issues to hormonal imbalance, and describe what you are experiencing to receive an educational analysis from ${PRACTITIONER_NAME}'s AI.`}
      />
      <PagePreparing />
    </>
  );
}
