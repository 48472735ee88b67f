import type { Clash } from '@letokruh/contracts/order-steps';
import { addDays } from '@letokruh/contracts/rules/prague-day';
import { List, Modal, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Format, useFormat } from '../format';
import { ModalFooter } from '../modal-footer';

/** "9:30" on the delivery's day, "24.11.2026 9:30" (or "24 Nov 2026 9:30") on another. */
function clock(instant: string, day: string | null, format: Format): string {
  const [date = '', time = ''] = instant.split('T');
  const short = time.replace(/^0(\d)/, '$1');
  return date === day ? short : `${format.day(date)} ${short}`;
}

/**
 * A span of whole days (a vacation, a day-long closure: midnight to midnight) as its days, "1.12.2026"
 * or "30.11.2026 – 2.12.2026"; null for a span with hours.
 */
function wholeDays(clash: Clash, t: TFunction, format: Format): string | null {
  const [fromDay = '', fromTime = ''] = clash.from.split('T');
  const [toDay = '', toTime = ''] = clash.to.split('T');
  if (!fromTime.startsWith('00:00') || !toTime.startsWith('00:00') || toDay <= fromDay) return null;
  const last = addDays(toDay, -1);
  return last === fromDay
    ? t('orderSteps.clashes.wholeDay', { day: format.day(fromDay) })
    : t('orderSteps.clashes.wholeDays', { from: format.day(fromDay), to: format.day(last) });
}

/** One clash in plain words, by its kind (domain.md §1.5): another order, a vacation, a closure. */
export function clashText(clash: Clash, day: string | null, t: TFunction, format: Format): string {
  const when =
    wholeDays(clash, t, format) ?? `${clock(clash.from, day, format)}–${clock(clash.to, day, format)}`;
  return t(`orderSteps.clashes.${clash.kind}`, {
    internId: clash.intern_id ?? '',
    name: clash.name,
    when,
  });
}

type Props = {
  clashes: Clash[] | null;
  /** The delivery day being saved: clashes on it show only their times. */
  day: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** domain.md §1.5: overlapping orders found on save; the user saves anyway or goes back to the form. */
export function ClashDialog({ clashes, day, pending, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Modal
      opened={clashes !== null}
      onClose={onCancel}
      title={t('orderSteps.clashes.title')}
      centered
      size="lg"
    >
      <Stack>
        <Text>{t('orderSteps.clashes.intro')}</Text>
        <List spacing={4} size="sm">
          {(clashes ?? []).map((c) => (
            <List.Item key={`${c.kind}-${c.id}`}>{clashText(c, day, t, format)}</List.Item>
          ))}
        </List>
        <Text fw={600}>{t('orderSteps.clashes.question')}</Text>
        <ModalFooter
          onCancel={onCancel}
          cancelLabel={t('orderSteps.clashes.back')}
          confirmLabel={t('orderSteps.clashes.saveAnyway')}
          onConfirm={onConfirm}
          pending={pending}
          color="orange"
        />
      </Stack>
    </Modal>
  );
}
