import { Anchor, AppShell, Avatar, Box, Burger, Button, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { avatarUrl, configQuery } from '../features/auth/api';
import { LanguageSelect } from '../ui/language-select';
import { type NavItem, visibleNavItems } from './nav-items';
import { useAccess } from './session';

function NavButton({ item, onClick }: { item: NavItem; onClick?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
  return (
    <Button component={RouterNavLink} to={item.to} variant={active ? 'light' : 'subtle'} size="compact-sm" onClick={onClick}>
      {t(`nav.${item.key}`)}
    </Button>
  );
}

/** The top navigation of part 2 §2, its items gated by the user's permissions. */
function NavItems({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { can, hasFunction } = useAccess();
  const items = visibleNavItems(can, hasFunction);
  const vacations = items.filter((i) => i.group === 'vacations');
  const Wrap = vertical ? Stack : Group;
  const rendered: ReactNode[] = [];
  for (const item of items) {
    if (item.group === 'vacations') {
      if (item !== vacations[0]) continue;
      rendered.push(
        vertical ? (
          vacations.map((v) => <NavButton key={v.key} item={v} onClick={onNavigate} />)
        ) : (
          <Menu key="vacations" trigger="hover" openDelay={50} closeDelay={150} position="bottom-start">
            <Menu.Target>
              <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} />}>
                {t('nav.vacations')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {vacations.map((v) => (
                <Menu.Item key={v.key} component={RouterNavLink} to={v.to}>
                  {t(`nav.${v.key}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ),
      );
      continue;
    }
    rendered.push(<NavButton key={item.key} item={item} onClick={onNavigate} />);
  }
  return (
    <Wrap gap={2} wrap="nowrap" component="nav" aria-label={t('nav.menu')}>
      {rendered}
    </Wrap>
  );
}

function UserCorner({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useAccess();
  const { data: config } = useQuery(configQuery);
  return (
    <Group gap="xs" wrap="nowrap">
      {config?.old_system_url ? (
        <Anchor href={config.old_system_url} size="sm" data-testid="old-system-link">
          {t('nav.oldSystem')}
        </Anchor>
      ) : null}
      <LanguageSelect />
      <UnstyledButton component={RouterNavLink} to="/account" onClick={onNavigate} aria-label={t('nav.account')}>
        <Group gap={6} wrap="nowrap">
          <Avatar size="sm" radius="xl" src={user?.avatar ? avatarUrl(user.id) : null}>
            {user ? `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}` : null}
          </Avatar>
          <Text size="sm" visibleFrom="xl">
            {t('nav.account')}
          </Text>
        </Group>
      </UnstyledButton>
      <Button component={RouterNavLink} to="/logout" variant="default" size="compact-sm" onClick={onNavigate}>
        {t('nav.logout')}
      </Button>
    </Group>
  );
}

export function Layout({ children, showNav }: { children: ReactNode; showNav: boolean }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  if (!showNav) return <Box p="md">{children}</Box>;
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label={t('nav.menu')} />
            <Text fw={700} c="wood.8" component={RouterNavLink} to="/dashboard">
              {t('app.name')}
            </Text>
            <Box visibleFrom="lg">
              <NavItems />
            </Box>
          </Group>
          <Box visibleFrom="lg">
            <UserCorner />
          </Box>
        </Group>
      </AppShell.Header>
      <Drawer opened={opened} onClose={close} title={t('app.name')} hiddenFrom="lg" size="xs">
        <Stack>
          <NavItems vertical onNavigate={close} />
          <UserCorner onNavigate={close} />
        </Stack>
      </Drawer>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
