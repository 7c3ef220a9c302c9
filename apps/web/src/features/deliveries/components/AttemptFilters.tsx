import {
  type AttemptFilter,
  DELIVERY_OUTCOMES,
  DELIVERY_TARGET_LABELS,
  PUBLISH_TARGETS,
} from '@sitefleet/contract';
import { DayRangeFilter, FilterSelect } from '../../../components/ListFilters.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';

interface AttemptFiltersProps {
  values: Record<AttemptFilter, string | undefined>;
  onChange: (changes: Partial<Record<AttemptFilter, string | undefined>>) => void;
}

/** The attempts' filters: website, target, outcome, kind and a range of days. */
export function AttemptFilters({ values, onChange }: AttemptFiltersProps) {
  const websites = useWebsiteOptions();
  return (
    <>
      <FilterSelect
        label="Website filter"
        all="All websites"
        value={values.website_id}
        options={(websites.data ?? []).map((website) => [String(website.id), website.name])}
        onChange={(website_id) => onChange({ website_id })}
      />
      <FilterSelect
        label="Target filter"
        all="All targets"
        value={values.target}
        options={PUBLISH_TARGETS.map((target) => [target, DELIVERY_TARGET_LABELS[target]])}
        onChange={(target) => onChange({ target })}
      />
      <FilterSelect
        label="Outcome filter"
        all="All outcomes"
        value={values.outcome}
        options={DELIVERY_OUTCOMES.map((outcome) => [outcome, outcome])}
        onChange={(outcome) => onChange({ outcome })}
      />
      <FilterSelect
        label="Kind filter"
        all="Posts and categories"
        value={values.kind}
        options={[
          ['post', 'Posts'],
          ['category', 'Categories'],
        ]}
        onChange={(kind) => onChange({ kind })}
      />
      <DayRangeFilter from={values.from} to={values.to} onChange={onChange} />
    </>
  );
}
