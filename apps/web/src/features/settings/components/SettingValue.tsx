import type { Setting } from '@sitefleet/contract';
import { truncate } from '@sitefleet/contract';

/** Longest value shown in a list cell; the edit form shows it whole. */
const VALUE_PREVIEW = 80;

const SETTING_VALUE_STYLE = { maxWidth: '22rem' } as const;

/** A setting's value in a list: secrets masked, unset values said so, long ones cut. */
export function SettingValue({ setting }: { setting: Setting }) {
  if (setting.is_secret) {
    return (
      <span className="text-body-secondary" title="Secret: never shown">
        {setting.has_value ? '••••••••' : '(not set)'}
      </span>
    );
  }
  if (setting.value === null || setting.value === '') {
    return <span className="text-body-secondary">(not set)</span>;
  }
  return (
    // One line, cut with an ellipsis rather than split mid-word (e-mail addresses, URLs); the
    // whole value shows on hover and in the edit form.
    <span
      className="d-inline-block text-truncate align-bottom"
      style={SETTING_VALUE_STYLE}
      title={setting.value}
    >
      {truncate(setting.value, VALUE_PREVIEW)}
    </span>
  );
}
