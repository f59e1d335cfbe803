import { useState } from 'react';
import { useAppSelector } from '../../platform/hooks';
import { Banner } from '../../ui/Banner';
import { StarIcon } from '../../ui/icons';
import { selectFeature } from '../provider/providerConfigSlice';

/**
 * Above a creator's composer while her exclusive_content_banner flag is on: an invitation to post
 * for subscribers only. Closing it hides it until the page loads again.
 */
export function ExclusiveContentBanner() {
  const on = useAppSelector(selectFeature('exclusive_content_banner'));
  const [closed, setClosed] = useState(false);
  if (!on || closed) return null;
  return (
    <Banner
      title="Share exclusive content"
      text="Posts for your subscribers only give fans a reason to subscribe. Switch on “Subscribers only” below."
      tone="promo"
      icon={<StarIcon />}
      onDismiss={() => setClosed(true)}
    />
  );
}
