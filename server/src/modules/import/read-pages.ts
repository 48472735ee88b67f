import { listTotalCap } from '@letokruh/contracts/common';
import type { Page } from './import-step.ts';
import { type OldSystem, ReadFailure } from './old-system.ts';

/**
 * How the old system's lists are read (domain.md §1.7, §2.7: `current_page`, `per_page`, `items`,
 * `total`). A list answers at most the first `listTotalCap` rows of a filter; past that a list is
 * either split by a filter (`phonePartitions`) or reported as not read whole.
 */

type ListAnswer = { items?: unknown[]; total?: number };

const withPaging = (path: string, pageSize: number, page: number) =>
  `${path}${path.includes('?') ? '&' : '?'}per_page=${pageSize}&current_page=${page}`;

/** The pages of a list call, until `total` is read, an empty page, or the API's row cap. */
export async function* pagesOf(
  old: OldSystem,
  path: string,
  pageSize: number,
  cap = listTotalCap,
): AsyncGenerator<Page> {
  for (let page = 1; ; page++) {
    if ((page - 1) * pageSize >= cap) {
      yield new ReadFailure(path, `the list stops at ${cap} rows; the rest was not read`);
      return;
    }
    let answer: ListAnswer;
    try {
      answer = await old.get(withPaging(path, pageSize, page));
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      yield error;
      continue;
    }
    const items = Array.isArray(answer.items) ? answer.items : [];
    yield { items, total: typeof answer.total === 'number' ? answer.total : items.length };
    if (items.length < pageSize || page * pageSize >= (answer.total ?? 0)) return;
  }
}

/** A call that answers its whole list at once (`GET /suppliers`, `GET /adtypes`). */
export async function* onePage(old: OldSystem, path: string): AsyncGenerator<Page> {
  try {
    const answer = await old.get<ListAnswer>(path);
    const items = Array.isArray(answer.items) ? answer.items : [];
    yield { items, total: items.length };
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    yield error;
  }
}

/** Every item of a list, all pages (reference lists the steps need whole: warehouses). */
export async function allItems(old: OldSystem, path: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const page of pagesOf(old, path, 100)) {
    if (page instanceof ReadFailure) throw page;
    out.push(...page.items);
  }
  return out;
}

/**
 * A list longer than the cap, split by the `phone` filter (domain.md §2.7 `GET /customers`: a
 * substring of `whole_phone`). Every stored phone is E.164 and so starts with "+": a filter that
 * starts with "+" matches the phones that begin with it, and "+4", "+42", "+420" … split the list
 * into parts that do not overlap. A part still over the cap is split by one more digit. The parts
 * are found first (a page of 10 tells each part's total), so the whole count is known before
 * reading. Answers the filters of the parts with their totals, or null when the list fits.
 */
export async function phonePartitions(
  old: OldSystem,
  path: string,
  cap = listTotalCap,
): Promise<{ parts: { phone: string; total: number }[] } | ReadFailure | null> {
  const totalOf = async (phone: string) => {
    const filtered = phone
      ? `${path}${path.includes('?') ? '&' : '?'}phone=${encodeURIComponent(phone)}`
      : path;
    const answer = await old.get<ListAnswer>(withPaging(filtered, 10, 1));
    return typeof answer.total === 'number' ? answer.total : 0;
  };
  try {
    if ((await totalOf('')) <= cap) return null;
    const parts: { phone: string; total: number }[] = [];
    const split = async (prefix: string): Promise<void> => {
      for (let digit = 0; digit <= 9; digit++) {
        const phone = `${prefix}${digit}`;
        const total = await totalOf(phone);
        if (total === 0) continue;
        // An E.164 number has at most 15 digits: a part that long is one number.
        if (total > cap && phone.length < 16) await split(phone);
        else parts.push({ phone, total });
      }
    };
    await split('+');
    return { parts };
  } catch (error) {
    if (error instanceof ReadFailure) return error;
    throw error;
  }
}

/** The pages of the parts `phonePartitions` found, one part after another. */
export async function* partitionedPages(
  old: OldSystem,
  path: string,
  pageSize: number,
  parts: { phone: string; total: number }[],
  cap = listTotalCap,
): AsyncGenerator<Page> {
  const total = parts.reduce((sum, p) => sum + p.total, 0);
  for (const part of parts) {
    const filtered = `${path}${path.includes('?') ? '&' : '?'}phone=${encodeURIComponent(part.phone)}`;
    for await (const page of pagesOf(old, filtered, pageSize, cap)) {
      yield page instanceof ReadFailure ? page : { items: page.items, total };
    }
  }
}

/**
 * The next `depth` pages are read while the current one is checked and written: the old system
 * answers while this database writes. (An async generator queues the calls of `next`, so the pages
 * still come one after another.)
 */
export async function* readAhead<T>(source: AsyncGenerator<T>, depth = 1): AsyncGenerator<T> {
  const queue: Promise<IteratorResult<T>>[] = [];
  const fill = () => {
    while (queue.length < depth) {
      const next = source.next();
      // A page read ahead that fails while the current one is written is met at its await.
      next.catch(() => undefined);
      queue.push(next);
    }
  };
  fill();
  for (;;) {
    const result = await queue.shift()!;
    if (result.done) return;
    fill();
    yield result.value;
  }
}

/** `work` on each item, at most `limit` at a time, answers in the items' order. */
export async function inParallel<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let at = 0;
  const worker = async () => {
    while (at < items.length) {
      const i = at++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
