import type { StatsExport } from '@letokruh/contracts/stats';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { downloadExport } from './api';
import { ReportBlock } from './block';
import type { ReportRange } from './range';

const kinds: StatsExport[] = ['campaigns', 'orders', 'customers', 'products'];

/** domain.md §2.2: the campaigns download, the orders download, the products and customers exports (XLSX). */
export function ExportsBlock({ range }: { range: ReportRange }) {
  const { t, i18n } = useTranslation();
  const download = useMutation({
    mutationFn: (kind: StatsExport) => downloadExport(kind, range, i18n.language === 'en' ? 'en' : 'cs'),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  return (
    <ReportBlock
      testId="exports-block"
      title={t('overviews.exports.title')}
      description={t('overviews.exports.description')}
    >
      <Group gap="sm">
        {kinds.map((kind) => (
          <Button
            key={kind}
            variant="light"
            loading={download.isPending && download.variables === kind}
            onClick={() => download.mutate(kind)}
          >
            {t(`overviews.exports.${kind}`)}
          </Button>
        ))}
      </Group>
    </ReportBlock>
  );
}
