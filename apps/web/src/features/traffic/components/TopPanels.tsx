import { type DeviceClass, TRAFFIC_MESSAGES, type TrafficAnswer } from '@sitefleet/contract';
import type { ReactNode } from 'react';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';
import { formatCount } from './traffic-format.ts';

interface TopListProps {
  title: string;
  what: string;
  rows: { key: string; name: ReactNode; views: number }[];
}

function TopList({ title, what, rows }: TopListProps) {
  return (
    <div className="card h-100">
      <div className="card-header">
        <h2 className="card-title h5 mb-0">{title}</h2>
      </div>
      <div className="card-body p-0 table-responsive">
        <table className="table table-sm table-striped mb-0" aria-label={title}>
          <thead>
            <tr>
              <th scope="col" className="ps-3">
                {what}
              </th>
              <th scope="col" className="text-end pe-3">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <TableMessageRow colSpan={2}>{TRAFFIC_MESSAGES.empty}</TableMessageRow>
            )}
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="ps-3 text-break">{row.name}</td>
                <td className="text-end pe-3">{formatCount(row.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const DEVICE_LABELS: Record<DeviceClass, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
};

/**
 * The period's most viewed pages (with the post a page is, and its website where the fleet's are
 * shown: one path on two websites is two pages), the sites readers came from and their devices.
 */
export function TopPanels({
  traffic,
  websiteName,
}: {
  traffic: TrafficAnswer;
  /** A website's name by its id; only where several websites' pages are listed. */
  websiteName?: (id: number) => string | undefined;
}) {
  return (
    <div className="row g-3 mb-4">
      <div className="col-lg-6">
        <TopList
          title="Top pages"
          what="Page"
          rows={traffic.top_pages.map((page) => ({
            key: `${page.website_id ?? ''} ${page.path}`,
            name: (
              <>
                {websiteName && page.website_id !== undefined && (
                  <span className="d-block small text-body-secondary">
                    {websiteName(page.website_id)}
                  </span>
                )}
                <code className="small">{page.path}</code>
                {page.post_id !== null && (
                  <span className="badge text-bg-secondary ms-2">Post #{page.post_id}</span>
                )}
              </>
            ),
            views: page.views,
          }))}
        />
      </div>
      <div className="col-lg-3">
        <TopList
          title="Top referrers"
          what="Referrer"
          rows={traffic.top_referrers.map((referrer) => ({
            key: referrer.domain,
            name: referrer.domain,
            views: referrer.views,
          }))}
        />
      </div>
      <div className="col-lg-3">
        <TopList
          title="Devices"
          what="Device"
          rows={traffic.devices.map((device) => ({
            key: device.device,
            name: DEVICE_LABELS[device.device],
            views: device.views,
          }))}
        />
      </div>
    </div>
  );
}
