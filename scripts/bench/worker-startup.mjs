// Run by scripts/bench/worker-bench.ts in a fresh process: `node scripts/bench/worker-startup.mjs <built script>`.
// Loads the Worker as built (its one import of workerd, `cloudflare:workers`, stood in for),
// then answers one request that only routes (GET /api/health), and prints the CPU time of
// each (process.cpuUsage, all threads: V8 compiles on helper threads too) as JSON.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const STAND_IN = 'data:text/javascript,export class DurableObject {}';
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function resolve(specifier, context, next) {
      return specifier === 'cloudflare:workers' ? { url: ${JSON.stringify(STAND_IN)}, shortCircuit: true } : next(specifier, context);
    }`,
  )}`,
);

const cpuMs = (usage) => (usage.user + usage.system) / 1000;

const started = process.cpuUsage();
const worker = await import(pathToFileURL(process.argv[2]).href);
const startup = cpuMs(process.cpuUsage(started));

const routing = process.cpuUsage();
const response = await worker.default.fetch(new Request('https://bench.example/api/health'), {}, { waitUntil() {}, passThroughOnException() {} });
await response.text();
const health = cpuMs(process.cpuUsage(routing));

if (response.status !== 200) throw new Error(`GET /api/health answered ${response.status}`);
console.log(JSON.stringify({ startup, health }));
