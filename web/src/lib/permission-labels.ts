import type { TFunction } from 'i18next';

/** The permissions of the matrix grouped by the area they belong to, in the server's order. */
export type PermissionGroup = { key: string; items: { code: string; labelKey: string }[] };

const modelPermission =
  /^(view|add|change|delete)_(order|customer|warehouse|product|user|vacationwarehouse|vacationuser|transportation)$/;
/** Permissions outside the view/add/change/delete pattern, and the group each belongs to. */
const extras = new Map([
  ['prepare_order', 'order'],
  // change_warehouse keeps its model name but means stock work only since decision 0021.
  ['change_warehouse', 'warehouse'],
  ['manage_warehouse', 'warehouse'],
  ['view_stats', 'other'],
  ['view_calculation', 'other'],
  ['can_export_orders', 'other'],
  ['can_export_delivery_notes', 'other'],
  ['import_data', 'other'],
]);

export function groupPermissions(codes: string[]): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  const add = (key: string, code: string, labelKey: string) => {
    const group = groups.get(key) ?? { key, items: [] };
    group.items.push({ code, labelKey });
    groups.set(key, group);
  };
  for (const code of codes) {
    const match = modelPermission.exec(code);
    if (extras.has(code)) add(extras.get(code)!, code, `permissions.extra.${code}`);
    else if (match) add(match[2]!, code, `permissions.actions.${match[1]}`);
    // A permission this web app does not know yet still shows, under its codename.
    else add('other', code, code);
  }
  const other = groups.get('other');
  groups.delete('other');
  return other ? [...groups.values(), other] : [...groups.values()];
}

/** One permission in words, "Objednávky – přidat"; a codename this app does not know stays as it is. */
export function permissionLabel(t: TFunction, code: string): string {
  const [group] = groupPermissions([code]);
  const item = group?.items[0];
  if (!group || !item || item.labelKey === code) return code;
  return `${t(`permissions.groups.${group.key}`)} – ${t(item.labelKey)}`;
}
