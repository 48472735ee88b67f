import type { ShortStock } from '@letokruh/contracts/order-steps';
import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/**
 * Decision 0064: the items would take products below their available stock. Names each product with
 * what is available to this order and what it asks; saving anyway needs a reason, which the server
 * writes to the audit log.
 */
export function ShortStockPanel({
  short,
  warehouse,
  saving,
  onSave,
  onBack,
}: {
  short: ShortStock[];
  warehouse: string;
  saving: boolean;
  onSave: (reason: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  // The continue button it replaces had the focus: the reason field takes it, not the page.
  const reasonField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonField.current?.focus(), []);
  const amount = (value: number, unit: string) => `${format.number(value)} ${unit}`.trim();
  return (
    <Alert color="orange" role="alert" title={t('orderSteps.items.shortTitle')} data-testid="short-stock">
      <Stack gap="sm">
        <Text size="sm">{t('orderSteps.items.shortIntro', { warehouse })}</Text>
        <List size="sm" spacing={4}>
          {short.map((s) => (
            <List.Item key={s.product_id}>
              {t('orderSteps.items.shortLine', {
                name: s.name,
                available: amount(s.available, s.measurement_unit),
                asked: amount(s.asked, s.measurement_unit),
              })}
            </List.Item>
          ))}
        </List>
        <Textarea
          ref={reasonField}
          label={t('orderSteps.items.shortReason')}
          description={t('orderSteps.items.shortReasonHint')}
          required
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('orderSteps.items.shortReasonMissing') : null}
        />
        <Group gap="sm">
          <Button
            color="orange"
            loading={saving}
            onClick={() => (reason.trim() ? onSave(reason.trim()) : setMissing(true))}
          >
            {t('orderSteps.items.shortSave')}
          </Button>
          <Button variant="default" onClick={onBack} disabled={saving}>
            {t('orderSteps.items.shortBack')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
