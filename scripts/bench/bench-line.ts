import { pathToFileURL } from 'node:url';

/** One figure of a benchmark as a line of JSON: {"bench", "value", "unit"} (4 significant digits). */
export function report(bench: string, value: number, unit: string): void {
  console.log(JSON.stringify({ bench, value: Number(value.toPrecision(4)), unit }));
}

/** The median of `values` (of an even count, the mean of the middle two). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Whether the module at `moduleUrl` (its import.meta.url) is the script run (`tsx scripts/x.ts`), not imported by another. */
export const isMain = (moduleUrl: string): boolean => process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
