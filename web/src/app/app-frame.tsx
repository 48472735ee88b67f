import {
  Anchor,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  Menu,
  type MenuProps,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { avatarUrl } from '../features/auth/api';
import { inNextTask } from '../lib/next-task';
import { preloadable, useCode } from '../lib/preloadable';
import { configQuery, useAccess } from '../lib/session';
import { LanguageSelect } from '../ui/language-select';
import { isActive, type NavItem, visibleNavItems } from './nav-items';
import { OfflineBanner } from './offline-banner';

function NavButton({ item, onClick, vertical }: { item: NavItem; onClick?: () => void; vertical?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  return (
    <Button
      component={RouterNavLink}
      px={6}
      style={{ flexShrink: 0 }}
      to={item.to}
      variant={active ? 'light' : 'subtle'}
      size={vertical ? 'md' : 'compact-sm'}
      // Decision 0082: a row of the phone menu is a 44 px target.
      h={vertical ? 44 : undefined}
      justify={vertical ? 'flex-start' : undefined}
      onClick={onClick}
    >
      {t(`nav.${vertical && item.group === 'vacations' ? `${item.key}Full` : item.key}`)}
    </Button>
  );
}

/** The top navigation of domain.md §2.2, its items gated by the user's permissions. */
function NavItems({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { canCall } = useAccess();
  const { pathname } = useLocation();
  const items = visibleNavItems(canCall).filter((i) => vertical || i.place !== 'userMenu');
  const vacations = items.filter((i) => i.group === 'vacations');
  const Wrap = vertical ? Stack : Group;
  const rendered: ReactNode[] = [];
  for (const item of items) {
    if (item.group === 'vacations') {
      if (item !== vacations[0]) continue;
      rendered.push(
        vertical ? (
          // On phones the group keeps its heading; its rows say whose vacation they are
          // ("Uzavření skladů", not a second "Sklady", decision 0082).
          <Stack key="vacations" gap={0} role="group" aria-labelledby="nav-vacations-heading">
            <Text id="nav-vacations-heading" size="xs" fw={700} c="dimmed" tt="uppercase" px={6} pt={6}>
              {t('nav.vacations')}
            </Text>
            {vacations.map((v) => (
              <NavButton key={v.key} item={v} onClick={onNavigate} vertical />
            ))}
          </Stack>
        ) : (
          <FrameMenu
            key="vacations"
            trigger="hover"
            openDelay={50}
            closeDelay={150}
            position="bottom-start"
            target={
              <Button
                variant={vacations.some((v) => isActive(v, pathname)) ? 'light' : 'subtle'}
                size="compact-sm"
                px={6}
                style={{ flexShrink: 0 }}
                rightSection={<IconChevronDown size={14} />}
              >
                {t('nav.vacations')}
              </Button>
            }
          >
            {vacations.map((v) => (
              <Menu.Item key={v.key} component={RouterNavLink} to={v.to}>
                {t(`nav.${v.key}`)}
              </Menu.Item>
            ))}
          </FrameMenu>
        ),
      );
      continue;
    }
    rendered.push(<NavButton key={item.key} item={item} onClick={onNavigate} vertical={vertical} />);
  }
  return (
    <Wrap gap={0} wrap="nowrap" component="nav" aria-label={t('nav.menu')}>
      {rendered}
    </Wrap>
  );
}

/**
 * A menu whose dropdown is drawn only while it is open (decision 0104): a closed one mounts no
 * portal, whose layout effect re-rendered it synchronously inside the commit of every page. The
 * header never scrolls away from its menus, so the check that hides a dropdown whose target has
 * left the screen is off: it hid a dropdown drawn at the moment it opens, before its first measure.
 */
function FrameMenu({ target, children, ...props }: MenuProps & { target: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <Menu {...props} hideDetached={false} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      {opened && <Menu.Dropdown>{children}</Menu.Dropdown>}
    </Menu>
  );
}

/**
 * The phone menu, code of its own (decision 0104): drawn once first opened, its code asked for in
 * a task of its own once the frame is drawn (while there is a signal).
 */
const PhoneMenu = preloadable(() => import('./phone-menu').then((m) => ({ default: m.PhoneMenu })));

/** Profile, language and the old system behind the avatar; logout always in sight. */
function UserCorner({ onNavigate, inline }: { onNavigate?: () => void; inline?: boolean }) {
  const { t } = useTranslation();
  const { user, canCall } = useAccess();
  const { data: config } = useQuery(configQuery);
  const adminItems = visibleNavItems(canCall).filter((i) => i.place === 'userMenu');
  const oldSystem = config?.old_system_url ? (
    <Anchor href={config.old_system_url} size="sm" data-testid="old-system-link">
      {t('nav.oldSystem')}
    </Anchor>
  ) : null;
  const avatar = (
    <Avatar size="sm" radius="xl" src={user?.avatar ? avatarUrl(user.id) : null}>
      {user ? `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}` : null}
    </Avatar>
  );
  const logoutButton = (
    <Button component={RouterNavLink} to="/logout" variant="default" size="compact-sm" onClick={onNavigate}>
      {t('nav.logout')}
    </Button>
  );
  if (inline) {
    return (
      <Stack gap="sm">
        <Button
          component={RouterNavLink}
          to="/account"
          variant="subtle"
          leftSection={avatar}
          onClick={onNavigate}
        >
          {t('nav.account')}
        </Button>
        <LanguageSelect />
        {oldSystem}
        {logoutButton}
      </Stack>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <FrameMenu
        position="bottom-end"
        width={240}
        closeOnItemClick
        target={
          // Decision 0032 (WCAG 2.5.3): named by what it shows (initials, name) and what it is.
          <UnstyledButton data-testid="user-menu">
            <Group gap={6} wrap="nowrap">
              <VisuallyHidden>{t('nav.userMenu')}</VisuallyHidden>
              {avatar}
              <Text size="sm" visibleFrom="xl">
                {user?.name}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        }
      >
        <Menu.Item component={RouterNavLink} to="/account">
          {t('nav.account')}
        </Menu.Item>
        {adminItems.map((item) => (
          <Menu.Item key={item.key} component={RouterNavLink} to={item.to}>
            {t(`nav.${item.key}`)}
          </Menu.Item>
        ))}
        <Menu.Label>{t('nav.language')}</Menu.Label>
        <Box px="xs" pb="xs">
          <LanguageSelect />
        </Box>
        {oldSystem ? (
          <>
            <Menu.Divider />
            <Box px="sm" py={6}>
              {oldSystem}
            </Box>
          </>
        ) : null}
      </FrameMenu>
      {logoutButton}
    </Group>
  );
}

/** The application's frame (domain.md §2.2): the header with the navigation, the phone menu and the page. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => inNextTask(() => void PhoneMenu.preload().catch(() => undefined)), []);
  // Drawn from its code once wanted; code that could not be had (no signal before the service
  // worker has the app) is asked for again when the signal returns, not thrown (decision 0105).
  const menuCode = useCode(PhoneMenu, menuWanted);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            {/* Decision 0082: a 44 px target around the 18 px lines. */}
            <Burger
              opened={opened}
              onClick={() => {
                setMenuWanted(true);
                toggle();
              }}
              hiddenFrom="lg"
              size="sm"
              w={44}
              h={44}
              aria-label={t('nav.menu')}
            />
            <Text fw={700} c="wood.8" component={RouterNavLink} to="/dashboard">
              {t('app.name')}
            </Text>
            <Box visibleFrom="lg" style={{ minWidth: 0, overflowX: 'auto' }}>
              <NavItems />
            </Box>
          </Group>
          <Box visibleFrom="lg">
            <UserCorner />
          </Box>
        </Group>
      </AppShell.Header>
      {menuCode === 'loaded' && (
        <PhoneMenu opened={opened} onClose={close}>
          <NavItems vertical onNavigate={close} />
          <UserCorner onNavigate={close} inline />
        </PhoneMenu>
      )}
      <AppShell.Main>
        <OfflineBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
