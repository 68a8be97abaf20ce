import { findCondition } from '@hhp/proto/catalogue/conditions';
import { useParams } from '../../shared/router/hooks';
import { ConditionPage } from '../../features/conditions/components/ConditionPage';
import { NotFoundRoute } from './not-found';

/** One of the eight static condition pages; any other slug is not found. */
export function ConditionRoute() {
  const { slug } = useParams();
  const condition = slug ? findCondition(slug) : undefined;
  if (!condition) return <NotFoundRoute />;
  // Keyed, so moving from one condition to another starts with an empty ask-box.
  return <ConditionPage key={condition.slug} condition={condition} />;
}
