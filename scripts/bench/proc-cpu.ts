/**
 * CPU time from Linux's /proc, for the server benchmarks (load.ts, worker-bench-post.ts):
 * per process of a server's process group by command name, and the whole machine's.
 * Null where there is no /proc.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds so far per command name (workerd, node, esbuild) of `rootPid` and its descendants. */
export function treeCpu(rootPid: number): Map<string, number> | null {
  if (!existsSync('/proc/self/stat')) return null;
  const parent = new Map<number, number>();
  const own = new Map<number, { name: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      let name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // wrangler runs two workerd: the user's Worker (with the inspector) and a proxy in front.
      if (name === 'workerd') name = readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--inspector-addr') ? 'workerd' : 'workerd-proxy';
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
      parent.set(Number(entry), Number(fields[1])); // field 4: ppid
      own.set(Number(entry), { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS }); // 14, 15: utime, stime
    } catch {
      // exited meanwhile
    }
  }
  const byName = new Map<string, number>();
  for (const [pid, { name, seconds }] of own) {
    let p: number | undefined = pid;
    while (p !== undefined && p > 1 && p !== rootPid) p = parent.get(p);
    if (p === rootPid) byName.set(name, (byName.get(name) ?? 0) + seconds);
  }
  return byName;
}

/** CPU seconds the whole machine has been busy (not idle, not waiting for I/O). */
export function machineBusy(): number | null {
  if (!existsSync('/proc/stat')) return null;
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return (cpu.reduce((a, b) => a + b, 0) - cpu[3]! - cpu[4]!) / TICKS;
}
