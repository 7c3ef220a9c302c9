import {
  LIMIT_OPTIONS,
  PROMPT_PLACEHOLDER_LIST,
  type postingSlotFields,
  REFRESH_HOUR_OPTIONS,
  WEBSITE_MESSAGES,
  WEBSITE_VIEW_TABS,
  type Website,
  type WebsiteSettings,
  websiteSettingsInputSchema,
} from '@sitefleet/contract';
import { type ComponentType, useId, useState } from 'react';
import { Modal, Tab, Tabs } from 'react-bootstrap';
import { flushSync } from 'react-dom';
import { Controller, useForm } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import {
  describedBy,
  FormField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form/FormField.tsx';
import { InternalUrlWarning } from '../../../components/form/InternalUrlWarning.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { RotateSecret } from '../../../components/RotateSecret.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useWorkflowOptions } from '../../../lib/content/variant-review.ts';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { WEBSITE_MONEY_TAB } from '../../../lib/paths.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import {
  useRotateWebhookSecret,
  useSaveWebsiteSettings,
  useWebsiteSettings,
} from '../api/website-settings.ts';
import { KeywordsInput } from './KeywordsInput.tsx';
import { MonitoringTab } from './MonitoringTab.tsx';
import { PostingSlotsFields } from './PostingSlotsFields.tsx';
import {
  type AdvanceSettingsTab,
  firstFieldWithError,
  type SchedulerField,
  SETTINGS_TABS,
  SOCIAL_TAB,
  TRAFFIC_TAB,
  toFormValues,
  type WebsiteSettingsFormValues,
} from './settings-form.ts';
import { TrackingSnippet } from './TrackingSnippet.tsx';
import { WebsiteDeliveryTab } from './WebsiteDeliveryTab.tsx';
import { WebsiteSocialTab } from './WebsiteSocialTab.tsx';

interface WebsiteSettingsModalProps {
  website: Pick<Website, 'id' | 'name'>;
  /** The tab shown first (a link to a website's Webhook Settings); the first tab without it. */
  initialTab?: AdvanceSettingsTab;
  onClose: () => void;
  /** The website's views chart, under its tracking snippet: the app hands the traffic feature's. */
  websiteViews?: WebsiteViews;
  /** The website's Money tab, shown to those who may read it: the economics feature's. */
  websiteMoney?: WebsiteMoney;
}

export type WebsiteViews = ComponentType<{ websiteId: number }>;
export type WebsiteMoney = ComponentType<{ websiteId: number }>;

const titleOf = (website: Pick<Website, 'name'>) => `Advance Settings: ${website.name}`;

const LIMIT_CHOICES = LIMIT_OPTIONS.map((limit) => ({ value: limit, label: String(limit) }));
const NO_REFRESH = 'No automatic refresh';

/** The Scheduler tab: refresh periods (which may be off) and generation limits. */
const SCHEDULER_FIELDS: readonly {
  name: Exclude<SchedulerField, keyof typeof postingSlotFields | 'workflow_id'>;
  label: string;
  kind: 'refresh' | 'limit';
  help?: string;
}[] = [
  { name: 'categoryRefresh', label: 'Category Refresh', kind: 'refresh' },
  {
    name: 'categories_limit',
    label: 'Categories Limit',
    kind: 'limit',
    help: '0: no categories are generated.',
  },
  { name: 'postRefresh', label: 'Post Refresh', kind: 'refresh' },
  { name: 'postsLimit', label: 'Posts Limit', kind: 'limit', help: '0: no posts are generated.' },
  { name: 'browserRefresh', label: 'Browser Refresh', kind: 'refresh' },
];

/** The Advance Settings modal: it loads the website's settings, then shows their form. */
export function WebsiteSettingsModal(props: WebsiteSettingsModalProps) {
  const { website, onClose } = props;
  const settings = useWebsiteSettings(website.id);
  if (settings.data) return <WebsiteSettingsForm {...props} settings={settings.data} />;
  return (
    <Modal show onHide={onClose} size="lg" aria-label={titleOf(website)}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {titleOf(website)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {settings.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {settings.error.message}
          </div>
        ) : (
          <LoadingSpinner />
        )}
      </Modal.Body>
    </Modal>
  );
}

interface WebsiteSettingsFormProps extends WebsiteSettingsModalProps {
  settings: WebsiteSettings;
}

/** The five tabs of settings; a failed save shows the tab of the first error, with the focus. */
function WebsiteSettingsForm({
  website,
  initialTab = 'google',
  settings,
  onClose,
  websiteViews: WebsiteViews,
  websiteMoney: WebsiteMoney,
}: WebsiteSettingsFormProps) {
  const form = useForm<WebsiteSettingsFormValues>({
    // Sent as the controls hold them: the server reads '' as none and the choices' text as
    // numbers, by the same schema.
    resolver: contractResolver(websiteSettingsInputSchema),
    defaultValues: toFormValues(settings),
  });
  const { errors } = form.formState;
  const [activeTab, setActiveTab] = useState<AdvanceSettingsTab>(initialTab);
  const save = useSaveWebsiteSettings(website.id);
  const workflows = useWorkflowOptions();
  const rotateSecret = useRotateWebhookSecret(website.id);
  const tabsId = useId();
  const keywordsId = useId();
  const canSeeChannels = useCan('channel-list');
  const canSeeMoney = useCan('economics-list');

  /** Hidden tabs cannot take the focus: show the first error's tab, then focus its field. */
  function showFirstError() {
    const first = firstFieldWithError((field) => form.getFieldState(field).error !== undefined);
    if (!first) return;
    flushSync(() => setActiveTab(first.tab));
    form.setFocus(first.field);
  }

  const submit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          notifySuccess(WEBSITE_MESSAGES.settingsSaved);
          onClose();
        },
        onError: (error) => {
          bindServerErrors(error, form);
          showFirstError();
        },
      }),
    showFirstError,
  );

  const tabTitle = (tab: (typeof SETTINGS_TABS)[number]) => {
    const invalid = tab.fields.some((field) => errors[field] !== undefined);
    return (
      <>
        {tab.title}
        {invalid && (
          <i
            className="bi bi-exclamation-circle-fill text-danger ms-1"
            role="img"
            aria-label="has errors"
          />
        )}
      </>
    );
  };
  const [google, seo, prompts, scheduler, webhook] = SETTINGS_TABS;

  return (
    <FormModal
      show
      size="lg"
      title={titleOf(website)}
      onSubmit={submit}
      onCancel={onClose}
      busy={save.isPending}
    >
      <FormErrorAlert errors={errors} />
      <Tabs
        id={tabsId}
        activeKey={activeTab}
        onSelect={(key) => key && setActiveTab(key as AdvanceSettingsTab)}
        transition={false}
        className="mb-3"
      >
        <Tab eventKey={google.key} title={tabTitle(google)}>
          <TextField
            label="Google Adsense"
            registration={form.register('googleAdsense')}
            error={errors.googleAdsense}
          />
          <TextField
            label="Google Analytics"
            registration={form.register('googleAnalytics')}
            error={errors.googleAnalytics}
          />
          <TextField
            label="GA4 Property"
            help="e.g. properties/123; leave empty to find it by the website's host."
            registration={form.register('ga4_property_id')}
            error={errors.ga4_property_id}
          />
          <TextField
            className="mb-0"
            label="Search Console Site"
            help="sc-domain:example.com or a URL prefix; leave empty to find it by the website's host."
            registration={form.register('search_console_site')}
            error={errors.search_console_site}
          />
        </Tab>

        <Tab eventKey={seo.key} title={tabTitle(seo)}>
          <TextField
            label="SEO Title"
            registration={form.register('seoTitle')}
            error={errors.seoTitle}
          />
          <TextAreaField
            label="SEO Description"
            rows={3}
            registration={form.register('seoDescription')}
            error={errors.seoDescription}
          />
          <FormField
            label="SEO Keywords"
            controlId={keywordsId}
            error={errors.seoKeywords}
            help="Press Enter or type a comma after each keyword."
          >
            <Controller
              control={form.control}
              name="seoKeywords"
              render={({ field }) => (
                <KeywordsInput
                  id={keywordsId}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  invalid={errors.seoKeywords !== undefined}
                  ariaDescribedBy={errors.seoKeywords ? describedBy(keywordsId) : undefined}
                />
              )}
            />
          </FormField>
          <TextAreaField
            className="mb-0"
            label="SEO Meta"
            rows={3}
            registration={form.register('seoMeta')}
            error={errors.seoMeta}
          />
        </Tab>

        <Tab eventKey={prompts.key} title={tabTitle(prompts)}>
          <TextAreaField
            label="Reference Sites"
            rows={2}
            registration={form.register('reference_sites')}
            error={errors.reference_sites}
          />
          <TextAreaField
            label="Category Prompt"
            rows={4}
            help={`Placeholders: ${PROMPT_PLACEHOLDER_LIST}.`}
            registration={form.register('categoryPrompt')}
            error={errors.categoryPrompt}
          />
          <TextAreaField
            className="mb-0"
            label="Post Prompt"
            rows={4}
            help={`Placeholders: ${PROMPT_PLACEHOLDER_LIST}.`}
            registration={form.register('postPrompt')}
            error={errors.postPrompt}
          />
        </Tab>

        <Tab eventKey={scheduler.key} title={tabTitle(scheduler)}>
          <div className="row">
            {SCHEDULER_FIELDS.map((field) => (
              <SelectField
                key={field.name}
                className="col-sm-6 mb-3"
                label={field.label}
                options={field.kind === 'refresh' ? REFRESH_HOUR_OPTIONS : LIMIT_CHOICES}
                placeholder={field.kind === 'refresh' ? NO_REFRESH : undefined}
                help={field.help}
                registration={form.register(field.name)}
                error={errors[field.name]}
              />
            ))}
            <SelectField
              className="col-sm-6 mb-3"
              label="Review Workflow"
              options={(workflows.data ?? [])
                .filter((workflow) => !workflow.is_default)
                .map((workflow) => ({ value: workflow.id, label: workflow.name }))}
              placeholder="Default workflow"
              help="Its variants move to the stage at the same position of the new workflow."
              registration={form.register('workflow_id')}
              error={errors.workflow_id}
            />
          </div>
          <PostingSlotsFields form={form} />
        </Tab>

        <Tab eventKey={webhook.key} title={tabTitle(webhook)}>
          <TextField
            label="Category Webhook Url"
            type="url"
            help={<InternalUrlWarning control={form.control} name="category_webhook_url" />}
            registration={form.register('category_webhook_url')}
            error={errors.category_webhook_url}
          />
          <TextField
            label="Post Webhook Url"
            type="url"
            help={<InternalUrlWarning control={form.control} name="post_webhook_url" />}
            registration={form.register('post_webhook_url')}
            error={errors.post_webhook_url}
          />
          <div className="mb-2">
            <span className="form-label d-block mb-1">Signing secret</span>
            <span className="font-monospace" data-testid="webhook-secret-hint">
              {settings.webhook_secret_hint}
            </span>
            <div className="form-text">
              Deliveries carry an HMAC-SHA256 signature of their body under this secret.
            </div>
          </div>
          <RotateSecret
            actionLabel="Rotate secret"
            secretLabel="New signing secret"
            warning="The current secret stops working at once: the website refuses deliveries until it holds the new one."
            rotate={() => rotateSecret.mutateAsync()}
          />
        </Tab>

        <Tab eventKey={WEBSITE_VIEW_TABS.monitoring} title="Monitoring" mountOnEnter>
          <MonitoringTab websiteId={website.id} />
        </Tab>
        {/* Read when opened: the website's delivery health, no form fields. */}
        <Tab eventKey={WEBSITE_VIEW_TABS.delivery} title="Delivery">
          {activeTab === WEBSITE_VIEW_TABS.delivery && <WebsiteDeliveryTab website={website} />}
        </Tab>
        {canSeeChannels && (
          <Tab eventKey={SOCIAL_TAB} title="Social">
            {activeTab === SOCIAL_TAB && <WebsiteSocialTab website={website} />}
          </Tab>
        )}
        <Tab eventKey={TRAFFIC_TAB} title="Traffic">
          {activeTab === TRAFFIC_TAB && (
            <>
              <TrackingSnippet websiteId={website.id} trackingKey={settings.tracking_key} />
              {WebsiteViews && <WebsiteViews websiteId={website.id} />}
            </>
          )}
        </Tab>
        {WebsiteMoney && canSeeMoney && (
          <Tab eventKey={WEBSITE_MONEY_TAB} title="Money">
            {activeTab === WEBSITE_MONEY_TAB && <WebsiteMoney websiteId={website.id} />}
          </Tab>
        )}
      </Tabs>
    </FormModal>
  );
}
