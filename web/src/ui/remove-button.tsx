import type { ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmButton } from './confirm-button';

type Props = Omit<ButtonProps, 'children' | 'loading'> & {
  /** The button's text and its confirming button's: "Odebrat", "Nepoužívat dále", "Smazat". */
  label: string;
  /** The question that names what goes: "Odebrat produkt Smrk 4 m?". */
  question: ReactNode;
  /** Calls the delete mutation, once the user confirmed. */
  onRemove: () => void;
  pending?: boolean;
  'aria-label'?: string;
};

/**
 * A button that removes a record after a confirmation: a row's remove, hide or deactivate in a
 * list, or a detail page's delete. A quiet red button of a table row unless told otherwise.
 */
export function RemoveButton({ label, question, onRemove, pending, ...button }: Props) {
  return (
    <ConfirmButton
      size="compact-sm"
      variant="subtle"
      color="red"
      {...button}
      loading={pending}
      question={question}
      confirmLabel={label}
      onConfirm={onRemove}
    >
      {label}
    </ConfirmButton>
  );
}
