import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from '../../router/hooks';
import type { ApiError } from '../../api/base-query';
import { errorSentence } from '../../api/error-message';
import { ButtonLink } from '../../ui/Button';
import { useToast } from '../../ui/toast';
import { useReleaseHoldMutation } from '../api';
import { tripOf } from '../booking-trip';
import { texts } from '../texts';

/**
 * "Back to Booking" from checkout or /subscribe: the hold this browser made is given back first (its token
 * came with the trip), so the visitor's own time does not read "Booked" for the rest of the hold, and the
 * form comes back as it was typed. A paid session keeps its time: the server's sentence says so.
 */
export function BackToBooking({ sessionId }: { sessionId: string | undefined }) {
  const location = useLocation();
  const trip = tripOf(location.state);
  const [release, { isLoading }] = useReleaseHoldMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const back = trip.draft ? { draft: trip.draft } : undefined;

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    const hold = trip.hold;
    if (!hold || hold.id !== sessionId) return;
    event.preventDefault();
    if (isLoading) return;
    try {
      await release(hold).unwrap();
    } catch (error) {
      if ((error as ApiError).status === 409) {
        toast.error({ title: texts.checkout.releaseFailedTitle, description: errorSentence(error) });
        return;
      }
      // Not released (the service did not answer): the hold lapses by itself; the form still comes back.
      toast.error({ title: texts.checkout.releaseFailedTitle, description: texts.checkout.releaseLater });
    }
    navigate('/book', { state: back });
  };

  return (
    <ButtonLink to="/book" state={back} onClick={(event) => void onClick(event)} aria-busy={isLoading || undefined}>
      {texts.checkout.back}
    </ButtonLink>
  );
}
