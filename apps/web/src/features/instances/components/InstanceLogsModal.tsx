import {
  formatDateTime,
  INSTANCE_MESSAGES,
  type Instance,
  type InstanceLog,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { DataTable, rowNumberColumn } from '../../../components/DataTable.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { useInstanceLogs } from '../api/instance-logs.ts';
import { logsPageInfo } from './logs-page.ts';

const LOG_COLUMNS: ColumnDef<InstanceLog>[] = [
  rowNumberColumn<InstanceLog>(),
  { id: 'ip', header: 'Ip Address', accessorKey: 'ip_address' },
  { id: 'gap', header: 'Gap', accessorKey: 'gap' },
  { id: 'status', header: 'Status', accessorKey: 'status' },
  {
    id: 'created',
    header: 'Created At',
    cell: ({ row }) => formatDateTime(row.original.created_at),
    meta: { className: 'text-nowrap' },
  },
];

/** The modal names no cause (the console has it): its one message is the contract's. */
const LOGS_FAILED = new Error(INSTANCE_MESSAGES.logsFetchFailed);

interface InstanceLogsModalProps {
  instance: Instance;
  onClose: () => void;
}

/** 'Instance Detailed Logs': an instance's instructions and reports, a page at a time. */
export function InstanceLogsModal({ instance, onClose }: InstanceLogsModalProps) {
  const [page, setPage] = useState(1);
  const logs = useInstanceLogs(instance.id, page);
  const pageInfo = logs.data && logsPageInfo(logs.data);
  const titleId = useId();

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Instance Detailed Logs
          <small className="text-body-secondary ms-2">{instance.instance_id}</small>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        <DataTable
          label="Instance logs"
          columns={LOG_COLUMNS}
          rows={logs.data?.data}
          rowId={(log) => log.id}
          isFetching={logs.isFetching}
          error={logs.isError ? LOGS_FAILED : null}
          firstRowNumber={pageInfo?.from ?? 1}
        />
        <div className="p-3">
          <Pagination page={pageInfo} onPageChange={setPage} label="Instance logs pages" />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
