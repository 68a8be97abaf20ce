import type { ManageSessionResponse } from '@hhp/proto';
import type { Ref } from 'react';
import type { ManageLink } from './manage-view';

/** What each step of /manage-booking (RescheduleStep, CancelStep) is given by the page. */
export interface ManageStepProps {
  session: ManageSessionResponse;
  link: ManageLink;
  /** The step's heading: focus moves to it when the step opens. */
  headingRef: Ref<HTMLHeadingElement>;
  /** A 409: the booking is read again (it may no longer be changeable, and the page says why). */
  onRefused: () => void;
  onBack: () => void;
}
