import type { CashOnHand as Cash } from '@letokruh/contracts/delivery';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/**
 * The cash the driver took at doors and the office has not yet confirmed as handed in, per
 * currency with its orders: what the driver brings back to the office (decision 0067).
 */
export function CashOnHand({ cash }: { cash: Cash }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (cash.length === 0) return null;
  const money = (v: number, currency: string) => f.money(v, currency === 'EUR' ? 'EUR' : 'CZK');
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="section"
      aria-label={t('driverDay.cashOnHand.title')}
    >
      <Title order={2} size="h4">
        {t('driverDay.cashOnHand.title')}
      </Title>
      <Stack gap={4} mt={4}>
        {cash.map((c) => (
          <div key={c.currency} data-testid="cash-on-hand">
            <Text fz={24} fw={700}>
              {money(c.total, c.currency)}
            </Text>
            <Group gap="md">
              {c.orders.map((o) => (
                <Text size="sm" key={o.id}>
                  {t('driverDay.cashOnHand.order', { order: o.intern_id })}: {money(o.amount, c.currency)}
                </Text>
              ))}
            </Group>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
