import type { FunctionName } from '@letokruh/contracts/permissions';
import type { PermissionMatrix } from '@letokruh/contracts/users';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { groupPermissions } from '../../lib/permission-labels';
import { useAccess } from '../../lib/session';
import { permissionMatrixQuery, savePermissions } from './api';

/** The owner's screen: which function holds which permission (domain.md §3.3, decision 0009). */
export function PermissionsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const owner = access.canCall('PUT /permissions');
  const matrix = useQuery({ ...permissionMatrixQuery, enabled: owner });
  if (!access.user) return null;
  if (!owner) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Stack>
      <Title order={2}>{t('permissions.heading')}</Title>
      <Text c="dimmed" size="sm" maw={820}>
        {t('permissions.intro')}
      </Text>
      {matrix.error ? <Alert color="red">{t(errorKey(matrix.error))}</Alert> : null}
      {matrix.data ? (
        <MatrixEditor matrix={matrix.data} />
      ) : matrix.isPending ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : null}
    </Stack>
  );
}

/** The lists the owner has touched, by function; the rest is as the server has it. */
type Draft = Record<string, Set<string>>;

const sameSet = (a: Set<string>, b: string[]) => a.size === b.length && b.every((p) => a.has(p));

function MatrixEditor({ matrix }: { matrix: PermissionMatrix }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({});
  const current = (f: PermissionMatrix['functions'][number]) => draft[f.name] ?? new Set(f.permissions);
  const changed = matrix.functions.filter((f) => draft[f.name] && !sameSet(current(f), f.permissions));
  const groups = groupPermissions(matrix.permissions);

  const save = useMutation({
    mutationFn: async () => {
      let answer = matrix;
      // One call per changed function; each answers the whole matrix.
      for (const fn of changed) {
        answer = await savePermissions({ function_id: fn.id, permissions: [...current(fn)] });
      }
      return answer;
    },
    onSuccess: (next) => {
      queryClient.setQueryData(permissionMatrixQuery.queryKey, next);
      setDraft({});
      notifications.show({ color: 'green', message: t('permissions.saved') });
    },
    // Some functions may have been saved before the refusal: show what the server holds now,
    // while the draft keeps what is still different.
    onError: () => void queryClient.invalidateQueries({ queryKey: permissionMatrixQuery.queryKey }),
  });

  const toggle = (fn: PermissionMatrix['functions'][number], code: string, on: boolean) =>
    setDraft((d) => {
      const next = new Set(d[fn.name] ?? fn.permissions);
      if (on) next.add(code);
      else next.delete(code);
      return { ...d, [fn.name]: next };
    });
  const fnLabel = (name: FunctionName) => t(`functions.${name}`);

  return (
    <>
      {save.error ? (
        <Alert color="red" role="alert">
          {t(errorKey(save.error))}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder stickyHeader verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('permissions.permission')}</Table.Th>
              {matrix.functions.map((f) => (
                <Table.Th key={f.id} ta="center" w={130}>
                  {fnLabel(f.name)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Fragment key={group.key}>
                <Table.Tr bg="var(--mantine-color-wood-0)">
                  <Table.Td colSpan={matrix.functions.length + 1}>
                    <Text fw={700} size="sm">
                      {t(`permissions.groups.${group.key}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {group.items.map((item) => {
                  const label = t(item.labelKey);
                  const fullLabel = `${t(`permissions.groups.${group.key}`)} – ${label}`;
                  return (
                    <Table.Tr key={item.code}>
                      <Table.Td pl="lg">
                        <Text size="sm">{label}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {item.code}
                        </Text>
                      </Table.Td>
                      {matrix.functions.map((f) => (
                        <Table.Td key={f.id}>
                          <Center>
                            <Checkbox
                              aria-label={`${fnLabel(f.name)}: ${fullLabel}`}
                              checked={current(f).has(item.code)}
                              // The owner always holds everything (the server refuses less).
                              disabled={f.name === 'owner'}
                              onChange={(e) => toggle(f, item.code, e.currentTarget.checked)}
                            />
                          </Center>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }} shadow="sm">
        <Group justify="space-between">
          <Text size="sm" c={changed.length ? 'orange.8' : 'dimmed'}>
            {changed.length
              ? t('permissions.unsaved', { functions: changed.map((f) => fnLabel(f.name)).join(', ') })
              : t('permissions.noChanges')}
          </Text>
          <Group>
            <Button variant="default" disabled={!changed.length} onClick={() => setDraft({})}>
              {t('permissions.reset')}
            </Button>
            <Button disabled={!changed.length} loading={save.isPending} onClick={() => save.mutate()}>
              {t('permissions.save')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}
