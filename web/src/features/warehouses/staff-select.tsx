import type { StaffMember } from '@letokruh/contracts/warehouses';
import { MultiSelect } from '@mantine/core';
import { useStaff } from './api';

type Props = {
  kind: 'drivers' | 'warehousemen';
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: boolean;
  /** The people assigned so far, as the warehouse answer names them. */
  assigned?: StaffMember[];
};

const labelOf = (u: StaffMember) => u.name || u.username;

const optionsOf = (staff: StaffMember[] | undefined, chosen: number[], assigned: StaffMember[]) => {
  const options = (staff ?? []).map((u) => ({ value: String(u.id), label: labelOf(u) }));
  // The assigned show by name while the list loads, and also once they no longer hold the function.
  for (const id of chosen)
    if (!options.some((o) => o.value === String(id))) {
      const known = assigned.find((u) => u.id === id);
      options.push({ value: String(id), label: known ? labelOf(known) : `#${id}` });
    }
  return options;
};

/** Drivers or warehousemen of a warehouse, picked from /drivers or /warehousemen (domain.md §2.7). */
export function StaffSelect({ kind, label, value, onChange, error, assigned = [] }: Props) {
  const staff = useStaff(kind);
  return (
    <MultiSelect
      label={label}
      data={optionsOf(staff.data, value, assigned)}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      limit={1000}
      hidePickedOptions
      error={error}
    />
  );
}
