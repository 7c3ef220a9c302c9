import type { PublishTarget } from '@sitefleet/contract';

/** Each publishing target's Bootstrap icon: the posted flags of a record, a channel's network. */
export const TARGET_ICONS: Record<PublishTarget, string> = {
  website: 'bi-globe',
  facebook: 'bi-facebook',
  twitter: 'bi-twitter-x',
  linkedin: 'bi-linkedin',
  tiktok: 'bi-tiktok',
  youtube: 'bi-youtube',
};
