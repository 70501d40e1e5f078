/**
 * A CPU profile of the local Worker (all Durable Objects, D1 and the rate limiter run in
 * the same isolate thread under `wrangler dev`), taken through wrangler's DevTools
 * inspector, and a summary of where the time went: self time per function, and the time
 * inside (inclusive) a few functions of ours that name a step of an action.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Connects to the Worker's isolate and starts sampling; `stop` ends it and returns the profile. */
export async function startCpuProfile(inspectorPort: number | null): Promise<{ stop(): Promise<Profile> }> {
  if (inspectorPort === null) throw new Error('no DevTools port: start the server with `inspector: true` (scripts/dev/local-server.ts)');
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = targets[0];
  if (target === undefined) throw new Error(`no DevTools target on port ${inspectorPort}`);
  // Wrangler's inspector proxy refuses connections without an Origin; Node's WebSocket
  // (undici) takes extra headers as an option that the Workers typing does not know.
  const NodeWebSocket = WebSocket as unknown as new (url: string, init: { headers: Record<string, string> }) => WebSocket;
  const socket = new NodeWebSocket(target.webSocketDebuggerUrl, { headers: { origin: `http://127.0.0.1:${inspectorPort}` } });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${target.webSocketDebuggerUrl}`)));
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await send('Profiler.stop')) as { profile: Profile };
      socket.close();
      return profile;
    },
  };
}

/** Milliseconds of CPU per function (self), and inclusive for the functions named in `inclusive`. */
export function summarize(profile: Profile, inclusive: readonly string[]): { total: number; self: [string, number][]; inside: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const name = (node: ProfileNode) => {
    const file = node.callFrame.url.split('/').slice(-2).join('/');
    return `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inside = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    total += ms;
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    // Each sample counts once per named function on its stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fn = byId.get(at)!.callFrame.functionName;
      if (inclusive.includes(fn) && !seen.has(fn)) {
        seen.add(fn);
        inside.set(fn, (inside.get(fn) ?? 0) + ms);
      }
    }
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, self: sorted(self), inside: sorted(inside) };
}
