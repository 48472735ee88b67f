import type { CustomerMatch } from '@letokruh/contracts/customers';
import { ErrorCode } from '@letokruh/contracts/errors';
import { formatPhone } from '@letokruh/contracts/rules/format';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { ModalFooter } from '../../ui/modal-footer';

/** The matches of a 409 / customerMayExist, or null for any other answer. */
export function customerMatchesOf(error: unknown): CustomerMatch[] | null {
  if (!(error instanceof ApiError) || error.errorCode !== ErrorCode.customerMayExist) return null;
  return (error.answer.customers as CustomerMatch[] | undefined) ?? [];
}

type Props = {
  /** Null: closed. */
  matches: CustomerMatch[] | null;
  /** What "use the existing one" does: open it, or pick it for the order. */
  useLabel: string;
  pending: boolean;
  onUse: (match: CustomerMatch) => void;
  onCreateAnyway: () => void;
  onCancel: () => void;
};

/**
 * Decision 0025: the new customer looks like one that exists (same phone, e-mail, or name and town).
 * The user takes an existing one, or creates the new one anyway (sent again with allow_duplicate).
 */
export function DuplicateCustomerDialog({
  matches,
  useLabel,
  pending,
  onUse,
  onCreateAnyway,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={matches !== null}
      onClose={onCancel}
      title={t('customers.duplicate.title')}
      centered
      size="lg"
    >
      <Stack>
        <Text>{t('customers.duplicate.intro')}</Text>
        {(matches ?? []).map((m) => (
          <Paper key={m.id} withBorder p="sm" data-testid="duplicate-match">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>
                  {m.name}
                  {m.organization_name ? ` (${m.organization_name})` : ''}
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {t('customers.internIdBadge', { internId: m.intern_id })}
                  </Text>
                </Text>
                <Text size="sm">
                  {[m.town, formatPhone(m.whole_phone, ''), m.email].filter(Boolean).join(' · ')}
                </Text>
                <Group gap={4}>
                  {m.matched_by.map((rule) => (
                    <Badge key={rule} size="sm" variant="light">
                      {t(`customers.duplicate.rules.${rule}`)}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Button size="xs" onClick={() => onUse(m)} disabled={pending}>
                {useLabel}
              </Button>
            </Group>
          </Paper>
        ))}
        <ModalFooter
          onCancel={onCancel}
          cancelLabel={t('customers.duplicate.back')}
          confirmLabel={t('customers.duplicate.createAnyway')}
          onConfirm={onCreateAnyway}
          pending={pending}
          color="orange"
        />
      </Stack>
    </Modal>
  );
}
