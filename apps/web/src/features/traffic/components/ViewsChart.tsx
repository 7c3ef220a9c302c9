import { useMemo } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { type TrafficRequest, useTraffic } from '../api/traffic.ts';
import { TrafficChart } from './TrafficChart.tsx';
import { metricsOf } from './traffic-format.ts';

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
