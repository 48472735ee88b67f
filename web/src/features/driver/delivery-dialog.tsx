import type { Position } from '@letokruh/contracts/delivery';
import type { DriverStop } from '@letokruh/contracts/driver';
import { cashBalance, checkCash } from '@letokruh/contracts/rules/delivered-money';
import { Alert, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { ModalFooter } from '../../ui/modal-footer';
import { useDecimalProps } from '../../ui/number-props';
import { DeliveryLines, type LineEntries, lineProblem, wholeLines } from './delivery-lines';
import { currentPosition } from './geolocation';
import { liveMoney } from './live-money';
import { PaymentAtDoor } from './payment-at-door';
import { PhotoField } from './photo-field';
import type { QueuedAction } from './queue/queue-store';
import { SignatureField, type SignatureHandle } from './signature-field';
import { thumbSized } from './thumb';

type Props = {
  stop: DriverStop;
  /** The idempotency key, made when "Doručeno" was pressed. */
  actionKey: string;
  onClose(): void;
  onQueue(action: QueuedAction): Promise<void>;
};

/**
 * The proof of delivery at the door (decision 0067): who took the goods and their signature,
 * photos, the phone's position when allowed, what was delivered of each line, the cash taken.
 * Saving writes it to the phone's outbox; it is sent from there, with or without a signal.
 */
export function DeliveryDialog({ stop, actionKey, onClose, onQueue }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const decimal = useDecimalProps();
  const signature = useRef<SignatureHandle | null>(null);
  const [receiver, setReceiver] = useState('');
  const [unsigned, setUnsigned] = useState(true);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [position, setPosition] = useState<Position | null | 'asking'>('asking');
  const [lines, setLines] = useState<LineEntries>(() => wholeLines(stop));
  const [note, setNote] = useState('');
  const cashOrder = stop.payment_type === 'cash';
  // The cash follows the amount due as the lines change, until the driver types it (domain.md §2.13).
  const [typedCash, setTypedCash] = useState<number | '' | null>(null);
  const money = liveMoney(stop, lines);
  const cash: number | '' = typedCash ?? (cashOrder ? money.amount_due : '');
  const cashCheck = cashOrder ? checkCash(money.amount_due, cash === '' ? null : cash, note) : null;
  const left = cashOrder ? cashBalance(money, cash === '' ? null : cash) : null;
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let open = true;
    void currentPosition(8_000).then((p) => open && setPosition(p));
    return () => {
      open = false;
    };
  }, []);

  const incomplete =
    !receiver.trim() ||
    unsigned ||
    cashCheck !== null ||
    stop.items.some((i) => lineProblem(i.amount, lines[i.id] ?? { amount: '', reason: '' }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setProblem(null);
    const pad = signature.current;
    if (incomplete || !pad || pad.isEmpty()) return;
    setSaving(true);
    try {
      const png = await pad.toPng();
      if (!png) throw new Error('no signature image');
      const at = new Date().toISOString();
      const changed = stop.items.filter((i) => lines[i.id]?.amount !== i.amount);
      await onQueue({
        kind: 'delivered',
        key: actionKey,
        at,
        orderId: stop.id,
        internId: stop.intern_id,
        record: {
          key: actionKey,
          at,
          receiver_name: receiver.trim(),
          position: position === 'asking' ? null : position,
          lines: changed.map((i) => ({
            id: i.id,
            delivered_amount: Number(lines[i.id]?.amount ?? 0),
            reason: lines[i.id]?.reason.trim() ?? '',
          })),
          cash_received: cashOrder && cash !== '' ? cash : null,
          note: note.trim(),
        },
        signature: png,
        photos,
      });
      onClose();
    } catch {
      setProblem(t('driverDay.queue.notStored'));
      setSaving(false);
    }
  };

  return (
    <Modal
      className={thumbSized}
      opened
      onClose={onClose}
      size="lg"
      title={t('driverDay.deliver.title', { order: stop.intern_id })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <PaymentAtDoor stop={stop} money={money} />
          <TextInput
            label={t('driverDay.deliver.receiver')}
            required
            value={receiver}
            onChange={(e) => setReceiver(e.currentTarget.value)}
            error={checked && !receiver.trim() && t('driverDay.deliver.receiverMissing')}
            maxLength={120}
            autoComplete="name"
          />
          <SignatureField
            handle={signature}
            onChange={setUnsigned}
            error={checked && unsigned ? t('driverDay.deliver.signatureMissing') : null}
          />
          <DeliveryLines stop={stop} lines={lines} onChange={setLines} checked={checked} />
          {cashOrder && (
            <NumberInput
              {...decimal}
              label={t('driverDay.deliver.cash')}
              description={t('driverDay.deliver.cashHint')}
              value={cash}
              min={0}
              decimalScale={2}
              rightSection={<Text size="xs">{stop.currency === 'EUR' ? '€' : 'Kč'}</Text>}
              onChange={(v) => setTypedCash(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
              error={
                cashCheck === 'over_bound' &&
                t('driverDay.money.overBound', { amount: f.money(money.amount_due * 2, currency) })
              }
            />
          )}
          {left && left.balance > 0 && (
            <Text size="sm" fw={600} c="orange.9" data-testid="balance-left">
              {t('driverDay.money.balance', { amount: f.money(left.balance, currency) })}
            </Text>
          )}
          <PhotoField photos={photos} onChange={setPhotos} />
          <Text size="sm" c="dimmed" data-testid="delivery-position">
            {position === 'asking'
              ? t('driverDay.deliver.positionAsking')
              : position
                ? t('driverDay.deliver.positionCaptured', { accuracy: Math.round(position.accuracy ?? 0) })
                : t('driverDay.deliver.positionNone')}
          </Text>
          <Textarea
            label={t('driverDay.deliver.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            required={cashCheck === 'needs_note'}
            error={
              cashCheck === 'needs_note' &&
              t('driverDay.money.noteNeeded', { amount: f.money(left?.excess ?? 0, currency) })
            }
          />
          {/* Said until the last missing field is filled, beside the button the driver pressed. */}
          {(problem || (checked && incomplete)) && (
            <Alert color="red">{problem ?? t('errors.missingFields')}</Alert>
          )}
          <ModalFooter
            onCancel={onClose}
            confirmLabel={t('driverDay.deliver.save')}
            pending={saving}
            color="green"
            gap="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
