import { Alert, Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type FormPageProps = {
  /** The link above the title, back to where the form was opened from. */
  back: { to: string; label: string };
  title: ReactNode;
  /** The page's width: a form reads best no wider than its fields. */
  maw: number;
  /** Usually a `FormCard`, with whatever the page shows beside it. */
  children: ReactNode;
};

/** An add or edit page: the way back, the title, then the form. */
export function FormPage({ back, title, maw, children }: FormPageProps) {
  return (
    <Stack maw={maw}>
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

/** Where cancel goes: a page to go back to, or what to do instead (close, reset). */
export type FormCancel = { to: string } | { onClick: () => void };

type FormCardProps = {
  /** Called on submit, after the browser's own submit is prevented. */
  onSubmit: () => void;
  /** What stops the save, a failed check or the server's answer; shown on top as an alert. */
  problem?: ReactNode;
  /** The alert's element, for a long form that scrolls it into sight. */
  problemRef?: Ref<HTMLDivElement>;
  submitLabel: string;
  pending?: boolean;
  submitDisabled?: boolean;
  /** Without it, no cancel button. */
  cancel?: FormCancel;
  /** `common.cancel` unless given. */
  cancelLabel?: string;
  children: ReactNode;
};

/**
 * The form of an add or edit page: the problem on top, the fields, then save and cancel. The
 * form checks nothing itself (`noValidate`): each page checks with the server's schema and says
 * what is wrong in its own words (decision 0010).
 */
export function FormCard({
  onSubmit,
  problem,
  problemRef,
  submitLabel,
  pending,
  submitDisabled,
  cancel,
  cancelLabel,
  children,
}: FormCardProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const cancelText = cancelLabel ?? t('common.cancel');
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        {problem ? (
          <Alert color="red" role="alert" ref={problemRef}>
            {problem}
          </Alert>
        ) : null}
        {children}
        <Group>
          <Button type="submit" loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
          {cancel && 'to' in cancel ? (
            <Button component={Link} to={cancel.to} variant="default">
              {cancelText}
            </Button>
          ) : cancel ? (
            <Button variant="default" onClick={cancel.onClick}>
              {cancelText}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
