import { useMemo } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { type DayRange, presetRange } from '../../../lib/period.ts';
import { type TrafficRequest, useTraffic } from '../api/traffic.ts';
import { TrafficChart } from './TrafficChart.tsx';
import { metricsOf } from './traffic-format.ts';
import { intervalFor } from './traffic-period.ts';

const BEACON_METRICS = metricsOf('beacon');

/** A series of the beacon's views and visitors per day, with its loading and error states. */
export function ViewsChart({ title, request }: { title: string; request: TrafficRequest }) {
  const traffic = useTraffic(request);
  if (traffic.data)
    return (
      <TrafficChart
        title={title}
        points={traffic.data.series}
        metrics={BEACON_METRICS}
        interval={request.interval}
        busy={traffic.isFetching}
      />
    );
  if (traffic.isError)
    return (
      <div className="alert alert-danger mb-0" role="alert">
        {traffic.error.message}
      </div>
    );
  return <LoadingSpinner small label="Loading the views..." />;
}

/** A website's views and visitors over the last 30 days (the routes' default period). */
export function WebsiteViewsChart({ websiteId }: { websiteId: number }) {
  const request = useMemo<TrafficRequest>(
    () => ({ website_id: websiteId, source: 'beacon', interval: 'day' }),
    [websiteId],
  );
  return (
    <section aria-label="Views of the last 30 days">
      <h3 className="h6">Views of the last 30 days</h3>
      <ViewsChart title="Views and visitors per day" request={request} />
    </section>
  );
}

/**
 * The days since `since` (an instant), within the year a request may span: a variant draws no
 * views before it is made.
 */
export function daysSince(since: string, now: number = Date.now()): DayRange {
  const year = presetRange('12m', now);
  const from = since.slice(0, 10);
  return { from: from > year.from ? from : year.from, to: year.to };
}

/** A post's views and visitors on one website, day by day (week by week past a quarter). */
export function PostViewsChart({
  recordId,
  websiteId,
  since,
}: {
  recordId: number;
  websiteId: number;
  since: string;
}) {
  const request = useMemo<TrafficRequest>(() => {
    const days = daysSince(since);
    return {
      ...days,
      post_id: recordId,
      website_id: websiteId,
      source: 'beacon',
      // A post's first days are counted by the hour too.
      interval: intervalFor(days, true),
    };
  }, [recordId, websiteId, since]);
  return <ViewsChart title={`Views and visitors per ${request.interval}`} request={request} />;
}
