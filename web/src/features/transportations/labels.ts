import { type TransportType, transportChoices } from '@letokruh/contracts/transportations';
import { useTranslation } from 'react-i18next';

/** The transport type and who loaded it in the user's language; a typed loader stays as typed. */
export function useLoadTypeLabels() {
  const { t } = useTranslation();
  return {
    type: (type: TransportType) => t(`transportations.types.${type}`),
    choice: (choice: string) =>
      (transportChoices as readonly string[]).includes(choice)
        ? t(`transportations.choices.${choice}`)
        : choice,
  };
}
