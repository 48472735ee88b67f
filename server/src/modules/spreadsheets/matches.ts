import { formatPhone } from '@letokruh/contracts/rules/format';
import type { ImportMatch, ImportMatchRule, SpreadsheetKind } from '@letokruh/contracts/spreadsheets';
import type { DbOrTx } from '../../db/client.ts';
import { findImportMatches } from '../customers/customers.service.ts';
import { findProductMatches } from '../products/products.service.ts';
import type { CustomerValues, ProductValues } from './row-rules.ts';
import type { CheckedSheetRow } from './sheet-task.ts';

/** At most this many matches are offered for one row; more would not help anyone choose. */
const perRow = 5;

/**
 * The likely duplicates of each good row (domain.md §2.14), by its index: existing customers with
 * the same IČO, phone or e-mail (products: the same name and length), and the first earlier row of
 * the file with the same, as the customer form offers them (decision 0090).
 */
export async function findMatches(
  db: DbOrTx,
  kind: SpreadsheetKind,
  rows: CheckedSheetRow[],
): Promise<Map<number, ImportMatch[]>> {
  const found = new Map<number, ImportMatch[]>();
  const add = (index: number, match: ImportMatch) => {
    const list = found.get(index) ?? [];
    const same = list.find((m) => (m.id !== null ? m.id === match.id : m.row === match.row));
    if (same) {
      for (const rule of match.matched_by) if (!same.matched_by.includes(rule)) same.matched_by.push(rule);
    } else if (list.length < perRow) list.push(match);
    found.set(index, list);
  };

  // Earlier rows of the same file.
  const seen = new Map<string, number>();
  rows.forEach((r, index) => {
    if (!r.values) return;
    for (const [rule, key] of Object.entries(r.keys) as [ImportMatchRule, string][]) {
      const earlier = seen.get(`${rule}:${key}`);
      if (earlier === undefined) {
        seen.set(`${rule}:${key}`, index);
        continue;
      }
      const first = rows[earlier]!;
      add(index, { id: null, intern_id: null, row: first.row, ...describe(kind, first), matched_by: [rule] });
    }
  });

  // Records that exist.
  const good = rows.map((r, index) => ({ r, index })).filter(({ r }) => r.values !== null);
  if (kind === 'customers') {
    const probes = good.map(({ r, index }) => ({
      index,
      organizationId: r.keys.organization_id ?? '',
      phoneKey: r.keys.phone ?? '',
      email: r.keys.email ?? '',
    }));
    for (const m of await findImportMatches(db, probes)) {
      add(m.index, {
        id: m.id,
        intern_id: m.internId,
        row: null,
        name: [`${m.firstName} ${m.lastName}`.trim(), m.organizationName].filter(Boolean).join(', '),
        detail: [m.town, formatPhone(m.wholePhone, ''), m.email].filter(Boolean).join(' · '),
        matched_by: [m.rule],
      });
    }
  } else {
    const probes = good.map(({ r, index }) => {
      const v = r.values as ProductValues;
      return { index, name: v.name, length: v.length };
    });
    for (const m of await findProductMatches(db, probes)) {
      add(m.index, {
        id: m.id,
        intern_id: null,
        row: null,
        name: m.name,
        detail: `${m.length} cm · ${m.measurementUnit}`,
        matched_by: ['name_length'],
      });
    }
  }
  return found;
}

function describe(kind: SpreadsheetKind, r: CheckedSheetRow): { name: string; detail: string } {
  if (kind === 'customers') {
    const v = r.values as CustomerValues;
    return {
      name: [`${v.firstName} ${v.lastName}`.trim(), v.organizationName].filter(Boolean).join(', '),
      detail: [v.town, formatPhone(`${v.prePhone}${v.phone}`, ''), v.email].filter(Boolean).join(' · '),
    };
  }
  const v = r.values as ProductValues;
  return { name: v.name, detail: `${v.length} cm · ${v.measurementUnit}` };
}
