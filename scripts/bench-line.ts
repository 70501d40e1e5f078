/** One figure of a benchmark as a line of JSON: {"bench", "value", "unit"} (4 significant digits). */
export function report(bench: string, value: number, unit: string): void {
  console.log(JSON.stringify({ bench, value: Number(value.toPrecision(4)), unit }));
}
