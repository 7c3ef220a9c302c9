import type { CostKind } from '@sitefleet/contract';

/** A kind of cost as the screens name it. */
export const COST_KIND_LABELS: Record<CostKind, string> = {
  hosting: 'Hosting',
  instances: 'Instances',
  generation: 'Generation',
  social: 'Social',
  other: 'Other',
};
