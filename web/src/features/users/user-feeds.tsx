import type { FeedOverview } from '@letokruh/contracts/calendar-feeds';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { ConfirmButton } from '../../ui/confirm-button';
import { useFormat } from '../../ui/format';
import { revokeAnyFeed, userFeedsQuery } from './api';

/**
 * Decision 0073 (domain.md §2.10): on a user's page, the owner sees the calendar links that serve
 * the user (their driver feed, the warehouse feeds they made) and may revoke any of them. Nobody
 * else is shown the section: the server answers the calls to the owner only.
 */
export function UserFeeds({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const access = useAccess();
  const allowed = access.canCall('GET /calendar_feeds/all');
  const { data: items } = useQuery({ ...userFeedsQuery(userId), enabled: allowed });
  if (!allowed || !items) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-feeds-title">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id="user-feeds-title">
            {t('users.feeds.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('users.feeds.intro')}
          </Text>
        </div>
        {items.length ? (
          items.map((item) => <FeedLine key={item.id} userId={userId} item={item} />)
        ) : (
          <Text size="sm">{t('users.feeds.none')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function FeedLine({ userId, item }: { userId: number; item: FeedOverview }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeAnyFeed(item.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('users.feeds.revoked') });
      return queryClient.invalidateQueries({ queryKey: userFeedsQuery(userId).queryKey });
    },
    onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
  });
  const title =
    item.kind === 'driver'
      ? t('users.feeds.driver', { name: item.subject_name })
      : t('users.feeds.warehouse', { name: item.subject_name });
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" aria-label={title} role="group">
      <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          {item.works ? null : (
            <Badge color="gray" variant="light" tt="none">
              {t('users.feeds.paused')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t('users.feeds.made', {
            date: format.dateShort(item.created_at),
            name: item.created_by?.name ?? t('common.noValue'),
          })}{' '}
          {item.last_fetched_at
            ? t('users.feeds.lastFetched', { date: format.dateShort(item.last_fetched_at) })
            : t('users.feeds.neverFetched')}
        </Text>
      </Stack>
      <ConfirmButton
        variant="light"
        mih={44}
        loading={revoke.isPending}
        question={t('users.feeds.revokeQuestion', { title })}
        confirmLabel={t('users.feeds.revokeConfirm')}
        onConfirm={() => revoke.mutate()}
      >
        {t('users.feeds.revoke')}
      </ConfirmButton>
    </Group>
  );
}
