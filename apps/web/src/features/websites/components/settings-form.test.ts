import { websiteSettingsInputSchema, websiteSettingsSchema } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { firstFieldWithError, SETTINGS_TABS, toFormValues } from './settings-form.ts';

const stored = websiteSettingsSchema.parse({
  website_id: 1,
  googleAdsense: null,
  googleAnalytics: 'G-1',
  seoDescription: null,
  seoTitle: 'Daily Recipes',
  seoKeywords: 'news,guides',
  seoMeta: null,
  reference_sites: null,
  categoryPrompt: 'For {website}',
  postPrompt: null,
  categoryRefresh: 24,
  categories_limit: 50,
  postRefresh: null,
  postsLimit: 0,
  browserRefresh: 6,
  category_webhook_url: null,
  post_webhook_url: 'https://site.example/hook',
  posting_days: [1, 3],
  posting_times: ['09:00', '14:00'],
  posting_timezone: 'Europe/Paris',
  blocked_dates: ['2026-12-25'],
  webhook_secret_hint: '••••abcd',
  workflow_id: 3,
  ga4_property_id: null,
  search_console_site: null,
  tracking_key: 'k3y',
});

describe('the Advance Settings form', () => {
  it('has every field of the settings call in exactly one tab', () => {
    const fields = SETTINGS_TABS.flatMap((tab) => tab.fields);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(Object.keys(websiteSettingsInputSchema.shape).sort());
  });

  it('starts from the stored settings, and sends back what was stored', () => {
    const values = toFormValues(stored);
    expect(values).toMatchObject({
      googleAdsense: '',
      seoKeywords: ['news', 'guides'],
      categoryRefresh: '24',
      postRefresh: '',
      postsLimit: '0',
      posting_days: ['1', '3'],
      posting_times: '09:00, 14:00',
      blocked_dates: '2026-12-25',
      workflow_id: '3',
    });
    expect(websiteSettingsInputSchema.parse(values)).toMatchObject({
      googleAdsense: null,
      googleAnalytics: 'G-1',
      seoKeywords: 'news,guides',
      categoryRefresh: 24,
      postRefresh: null,
      postsLimit: 0,
      post_webhook_url: 'https://site.example/hook',
      posting_days: [1, 3],
      posting_times: ['09:00', '14:00'],
      posting_timezone: 'Europe/Paris',
      blocked_dates: ['2026-12-25'],
      workflow_id: 3,
    });
    expect(websiteSettingsInputSchema.parse({ ...values, workflow_id: '' }).workflow_id).toBeNull();
  });

  it('finds the first field with an error in the order of the tabs', () => {
    const failing = new Set(['post_webhook_url', 'postsLimit', 'seoKeywords']);
    expect(firstFieldWithError((field) => failing.has(field))).toEqual({
      tab: 'seo',
      field: 'seoKeywords',
    });
    expect(firstFieldWithError(() => false)).toBeUndefined();
  });
});
