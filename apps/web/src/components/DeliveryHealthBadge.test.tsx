import { DELIVERY_HEALTH_MEANINGS } from '@sitefleet/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliveryHealthBadge, DeliveryHealthLegend } from './DeliveryHealthBadge.tsx';

describe('DeliveryHealthBadge', () => {
  it('shows the verdict it is given, with what it means as its title', () => {
    render(<DeliveryHealthBadge level="no_webhook" />);
    const badge = screen.getByText('No webhook');
    expect(badge.getAttribute('title')).toBe(DELIVERY_HEALTH_MEANINGS.no_webhook);
    expect(badge.className).toContain('text-bg-secondary');
  });

  it('the legend says what each verdict means', () => {
    render(<DeliveryHealthLegend />);
    for (const label of ['No webhook', 'Paused', 'Failing', 'Healthy']) {
      expect(screen.getByText(label)).toBeDefined();
    }
    expect(screen.getByText(DELIVERY_HEALTH_MEANINGS.failing)).toBeDefined();
  });
});
