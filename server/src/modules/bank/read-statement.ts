import { parseCamt } from './camt.ts';
import { parseGpc } from './gpc.ts';
import type { Statement } from './statement.ts';

/**
 * An uploaded statement by what it starts with: `<` a CAMT.053 document, anything else is read as
 * ABO/GPC, whose own checks name the line at fault (a byte-order mark, an unknown record type).
 */
export function readStatementFile(bytes: Buffer): Statement {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length && [0x20, 0x09, 0x0d, 0x0a].includes(bytes[start]!)) start++;
  return bytes[start] === 0x3c ? parseCamt(bytes.subarray(start)) : parseGpc(bytes);
}
