import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useChangedElsewhere, useEditing } from '../../lib/live-orders';
import { useAccess } from '../../lib/session';
import { QueryState } from '../../ui/query-state';
import { orderQuery } from './api';

export const steps = ['customer', 'items', 'intern'] as const;
export type Step = (typeof steps)[number];

/** A step can be opened once the ones before it are filled in (the server refuses otherwise). */
export function reachable(order: Order, step: Step): boolean {
  if (step === 'customer') return true;
  if (step === 'items') return order.customer !== null;
  return order.customer !== null && order.warehouse !== null && order.currency !== null;
}

/** Zákazník → Položky → Interní údaje, each a link back (domain.md §1.2 creation flow). */
export function StepNavigation({ order, current }: { order: Order; current: Step }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('orderSteps.stepsLabel')} gap={4} wrap="wrap">
      {steps.map((step, index) => {
        const label = `${index + 1}. ${t(`orderSteps.steps.${step}`)}`;
        return (
          <Fragment key={step}>
            {index > 0 ? <IconChevronRight size={16} aria-hidden /> : null}
            {step === current ? (
              <Button size="compact-sm" variant="filled" aria-current="step" component="span">
                {label}
              </Button>
            ) : reachable(order, step) ? (
              <Button size="compact-sm" variant="light" component={Link} to={`/order/${order.id}/${step}`}>
                {label}
              </Button>
            ) : (
              <Button size="compact-sm" variant="default" disabled>
                {label}
              </Button>
            )}
          </Fragment>
        );
      })}
    </Group>
  );
}

/** The stale-edit answer (409 / 140): someone saved the order meanwhile; nothing was written. */
export function isStale(error: unknown): boolean {
  // 141 asks to confirm a clash, 142 / 143 speak of drafts (decision 0030), 144 names products short
  // and 160 offers an existing customer: none of them is a stale copy.
  const notStale: number[] = [
    ErrorCode.overlapNeedsConfirmation,
    ErrorCode.orderIsDraft,
    ErrorCode.orderIsNotDraft,
    ErrorCode.customerMayExist,
    ErrorCode.stockShortNeedsConfirmation,
  ];
  return error instanceof ApiError && error.status === 409 && !notStale.includes(error.errorCode ?? 0);
}

/**
 * domain.md §1.10: someone else saved the order after this page loaded it (a live event told so).
 * Shown before a save, not instead of the version check: a save now would still answer 409.
 */
function ChangedElsewhere({ order, onReload }: { order: Order; onReload: () => void }) {
  const { t } = useTranslation();
  const changed = useChangedElsewhere(order.id, order.version);
  if (!changed) return null;
  return (
    <Alert color="orange" role="alert" title={t('orderSteps.changedElsewhereTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('orderSteps.changedElsewhereText')}</Text>
        <Button size="compact-sm" variant="white" color="orange" onClick={onReload}>
          {t('orderSteps.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function StaleAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" title={t('orderSteps.staleTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('orderSteps.staleText')}</Text>
        <Button size="compact-sm" variant="white" color="orange" onClick={onReload}>
          {t('orderSteps.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}

type ShellProps = {
  step: Step;
  children: (order: Order, reload: () => Promise<unknown>) => ReactNode;
};

/**
 * The frame of the three steps: loads the order of the address (add_order or change_order), shows
 * its number and the step navigation, and hands the loaded order to the step.
 */
export function StepShell({ step, children }: ShellProps) {
  const { t } = useTranslation();
  const { canCall, user } = useAccess();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const allowed = canCall('POST /order/:id/items');
  const query = useQuery({ ...orderQuery(id), enabled: valid && allowed });
  // The copy being edited is not refetched under the user's hands by a live event.
  useEditing(id);
  // domain.md §1.2 creation flow: each step opens at its top, wherever the previous one was left.
  const loaded = query.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another step or order scrolls up again.
  useLayoutEffect(() => {
    if (loaded) window.scrollTo(0, 0);
  }, [step, id, loaded]);
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (!valid || (query.error instanceof ApiError && query.error.status === 404))
    return (
      <Alert color="orange" role="alert">
        {t('orderSteps.notFound')}{' '}
        <Anchor component={Link} to="/orders">
          {t('orderSteps.toList')}
        </Anchor>
      </Alert>
    );
  if (query.error || !query.data) return <QueryState error={query.error} />;
  const order = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>
            {t('orderSteps.heading', { internId: order.intern_id })}
            {order.customer ? (
              <Text span c="dimmed" fz="lg" ml="sm">
                {order.customer.name}
              </Text>
            ) : null}
          </Title>
          <StepNavigation order={order} current={step} />
        </Stack>
        {order.customer ? (
          <Anchor component={Link} to={`/order/${order.id}`} size="sm">
            {t('orderSteps.toDetail')}
          </Anchor>
        ) : null}
      </Group>
      {order.hidden ? (
        <Alert color="red" role="alert">
          {t('orderSteps.cancelled')}
        </Alert>
      ) : null}
      <ChangedElsewhere order={order} onReload={() => void query.refetch()} />
      {order.draft ? (
        <Alert color="blue" variant="light" role="note" title={t('orderSteps.draftTitle')}>
          {t('orderSteps.draftText')}
        </Alert>
      ) : null}
      {children(order, () => query.refetch())}
    </Stack>
  );
}
