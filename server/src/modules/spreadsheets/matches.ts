import { formatPhone } from '@letokruh/contracts/rules/format';
import type { ImportMatch, ImportMatchRule, SpreadsheetKind } from '@letokruh/contracts/spreadsheets';
import type { DbOrTx } from '../../db/client.ts';
import { findImportMatches } from '../customers/customers.service.ts';
import { findProductMatches } from '../products/products.service.ts';
import type { Scan } from './sheet-task.ts';

/** At most this many matches are offered for one row; more would not help anyone choose. */
const perRow = 5;

/** A row's likely duplicates: records that exist, and earlier rows of the same file by index. */
export type RowMatches = { existing: ImportMatch[]; earlier: Map<number, ImportMatchRule[]> };

/**
 * The likely duplicates of each good row (domain.md §2.14), by its index: existing customers with
 * the same IČO, phone or e-mail (products: the same name and length), and earlier rows of the file
 * with the same, as the customer form offers them (decision 0090). The worker found the earlier
 * rows; the database is asked for the rest, three set-based statements for the whole file.
 */
export async function findMatches(
  db: DbOrTx,
  kind: SpreadsheetKind,
  scan: Scan,
): Promise<Map<number, RowMatches>> {
  const found = new Map<number, RowMatches>();
  const of = (index: number) => {
    const m: RowMatches = found.get(index) ?? { existing: [], earlier: new Map() };
    found.set(index, m);
    return m;
  };
  for (const [index, earlier, rule] of scan.fileMatches) {
    const m = of(index);
    if (m.earlier.size < perRow || m.earlier.has(earlier))
      m.earlier.set(earlier, [...(m.earlier.get(earlier) ?? []), rule]);
  }
  const add = (index: number, match: ImportMatch) => {
    const list = of(index).existing;
    const same = list.find((m) => m.id === match.id);
    if (same) {
      for (const rule of match.matched_by) if (!same.matched_by.includes(rule)) same.matched_by.push(rule);
    } else if (list.length < perRow) list.push(match);
  };
  if (kind === 'customers') {
    const keys = {
      organizationId: scan.keys.organization_id ?? '',
      phoneKey: scan.keys.phone ?? '',
      email: scan.keys.email ?? '',
    };
    for (const m of await findImportMatches(db, keys)) {
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
    for (const m of await findProductMatches(db, {
      names: scan.keys.name_length ?? '',
      lengths: scan.lengths,
    })) {
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
