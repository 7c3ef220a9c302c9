import type { PublishTarget } from '@sitefleet/contract';
import type { PublishingTarget } from '../delivery.ts';
import { QUOTA_SETTINGS } from '../quota.ts';
import { facebook } from './facebook.ts';
import { linkedin } from './linkedin.ts';
import { tiktok } from './tiktok.ts';
import { twitter } from './twitter.ts';
import { website } from './website.ts';
import { youtube } from './youtube.ts';

/**
 * Every publishing target, by the name the contract gives it: the one place that lists them. The
 * order is the one their settings are seeded (and so listed) in.
 */
export const PUBLISHING_TARGETS = {
  website,
  youtube,
  facebook,
  twitter,
  linkedin,
  tiktok,
} as const satisfies { [Target in PublishTarget]: PublishingTarget<Target> };

/** The settings of every target and of the networks' quotas, for the catalogue's Publishing › Social group. */
export const TARGET_SETTINGS = [
  ...Object.values(PUBLISHING_TARGETS).flatMap((target) => target.settings),
  ...QUOTA_SETTINGS,
];
