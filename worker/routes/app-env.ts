/** The Hono environment of the Worker's app: its bindings (worker-configuration.d.ts, env.d.ts). */
export type AppEnv = { Bindings: Env };
