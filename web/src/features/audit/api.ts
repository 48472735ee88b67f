import type { AuditAnswer, AuditQuery } from '@letokruh/contracts/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const auditQuery = (query: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api<AuditAnswer>('GET', '/audit_log', { query, signal }),
    placeholderData: keepPreviousData,
  });
