import type { Profile } from '@letokruh/contracts/auth';
import type { FeedSubject } from '@letokruh/contracts/calendar-feeds';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { ConfirmButton } from '../../ui/confirm-button';
import { useFormat } from '../../ui/format';
import { calendarFeedsKey, calendarFeedsQuery, createFeed, feedUrls, revokeFeed } from './calendar-feeds-api';

const keyOf = (s: Pick<FeedSubject, 'kind' | 'subject_id'>) => `${s.kind}:${s.subject_id}`;

/** Whether the profile may have any feed: the driver function, or warehouse work (the server decides). */
export const mayHaveFeeds = (user: Profile) =>
  // A password that must change first opens nothing else (the list would answer 403).
  !user.must_change_password &&
  (user.functions.some((f) => f.name === 'driver') || user.permissions.includes('change_warehouse'));

/**
 * "Kalendář v telefonu" (domain.md §2.10): the user's own driver feed and the warehouse feeds they
 * manage. The server keeps only a hash of a link's secret, so a link is shown once, right after it
 * is made; later the page says since when a link exists and lets the user make a new one.
 */
export function CalendarFeeds({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const enabled = mayHaveFeeds(user);
  const { data: items } = useQuery({ ...calendarFeedsQuery, enabled });
  // Links made on this page, shown until the page is left.
  const [urls, setUrls] = useState<Record<string, string>>({});
  if (!enabled || !items?.length) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t('account.feeds.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.feeds.intro')}
          </Text>
        </div>
        {items.map((item) => (
          <FeedRow
            key={keyOf(item)}
            item={item}
            path={urls[keyOf(item)] ?? null}
            onPath={(path) =>
              setUrls((all) => ({
                ...Object.fromEntries(Object.entries(all).filter(([key]) => key !== keyOf(item))),
                ...(path ? { [keyOf(item)]: path } : {}),
              }))
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}

function FeedRow({
  item,
  path,
  onPath,
}: {
  item: FeedSubject;
  path: string | null;
  onPath: (path: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarFeedsKey });
  const fail = (e: unknown) => notifications.show({ color: 'red', message: t(errorKey(e)) });
  const make = useMutation({
    mutationFn: () => createFeed({ kind: item.kind, subject_id: item.subject_id }),
    onSuccess: (answer) => {
      onPath(answer.path);
      notifications.show({ color: 'green', message: t('account.feeds.created') });
      return refresh();
    },
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeFeed(id),
    onSuccess: () => {
      onPath(null);
      notifications.show({ color: 'green', message: t('account.feeds.revoked') });
      return refresh();
    },
    onError: fail,
  });
  const title =
    item.kind === 'driver'
      ? t('account.feeds.driver', { name: item.subject_name })
      : t('account.feeds.warehouse', { name: item.subject_name });
  const feed = item.feed;
  const urls = path ? feedUrls(path, i18n.language) : null;
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {feed ? (
        <Text size="sm">
          {t('account.feeds.since', {
            date: format.dateShort(feed.created_at),
            name: feed.created_by?.name ?? t('common.noValue'),
          })}{' '}
          {feed.last_fetched_at
            ? t('account.feeds.lastFetched', { date: format.dateShort(feed.last_fetched_at) })
            : t('account.feeds.neverFetched')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('account.feeds.none')}
        </Text>
      )}
      {urls && feed ? (
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('account.feeds.url')}
              value={urls.https}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={urls.https}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? t('account.feeds.copied') : t('account.feeds.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Anchor href={urls.webcal} size="sm">
            {t('account.feeds.subscribe')}
          </Anchor>
          <Alert color="blue" p="xs">
            <Text size="sm">{t('account.feeds.shownOnce')}</Text>
          </Alert>
        </Stack>
      ) : null}
      <Group gap="xs">
        {feed ? (
          <>
            <ConfirmButton
              size="xs"
              variant="light"
              color="blue"
              loading={make.isPending}
              question={t('account.feeds.renewQuestion')}
              confirmLabel={t('account.feeds.renewConfirm')}
              onConfirm={() => make.mutate()}
            >
              {t('account.feeds.renew')}
            </ConfirmButton>
            <ConfirmButton
              size="xs"
              variant="light"
              loading={revoke.isPending}
              question={t('account.feeds.revokeQuestion')}
              confirmLabel={t('account.feeds.revokeConfirm')}
              onConfirm={() => revoke.mutate(feed.id)}
            >
              {t('account.feeds.revoke')}
            </ConfirmButton>
          </>
        ) : (
          <Button size="xs" loading={make.isPending} onClick={() => make.mutate()}>
            {t('account.feeds.create')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
