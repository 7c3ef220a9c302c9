import type { Setting } from '@sitefleet/contract';
import { truncate } from '@sitefleet/contract';

/** Longest value shown in a list cell; the edit form shows it whole. */
const VALUE_PREVIEW = 80;

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
    <span className="text-break" title={setting.value}>
      {truncate(setting.value, VALUE_PREVIEW)}
    </span>
  );
}
