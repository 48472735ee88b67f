import { waitFor, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { field } from './test-utils';

type User = ReturnType<typeof userEvent.setup>;

/**
 * Opens the Mantine Select or MultiSelect labelled `label` and clicks `option` in its own list.
 * Mantine keeps the dropdown mid-transition in jsdom, so the options count as hidden to the
 * accessibility tree; the list is found through the input's aria-controls instead.
 */
export async function pickOption(user: User, label: string, option: string): Promise<void> {
  const input = field(label);
  await user.click(input);
  const list = await waitFor(() => {
    const id = input.getAttribute('aria-controls');
    const element = id ? document.getElementById(id) : null;
    if (!element) throw new Error(`the list of "${label}" did not open`);
    return element;
  });
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
}

/** The option texts a Select or MultiSelect labelled `label` offers. */
export async function optionsOf(user: User, label: string): Promise<string[]> {
  const input = field(label);
  await user.click(input);
  const list = await waitFor(() => {
    const id = input.getAttribute('aria-controls');
    const element = id ? document.getElementById(id) : null;
    if (!element) throw new Error(`the list of "${label}" did not open`);
    return element;
  });
  const texts = within(list)
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.textContent ?? '');
  await user.keyboard('{Escape}');
  return texts;
}

/** Types `text` into the field labelled `label` in one go (a paste), as fast as a form test needs. */
export async function fillIn(user: User, label: string, text: string): Promise<void> {
  const input = field(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}
