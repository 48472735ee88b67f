import type { AuditQuery } from '@letokruh/contracts/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { auditEndpoints as e } from '../../lib/routes';

export const auditQuery = (query: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => call(e.log, { query, signal }),
    placeholderData: keepPreviousData,
  });
