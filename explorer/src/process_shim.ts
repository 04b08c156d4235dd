/**
 * What babel-plugin-react-compiler's bundle reads of Node's globals at load time (`process`,
 * `global`), for the page's React Compiler bundle (react_bundle.ts): imported first there.
 */
const g = globalThis as { process?: unknown; global?: unknown };
g.global ??= globalThis;
g.process ??= {
  env: { NODE_ENV: "production" },
  platform: "browser",
  versions: {},
  browser: true,
  argv: [],
  nextTick: (f: (...a: unknown[]) => void, ...a: unknown[]) => queueMicrotask(() => f(...a)),
  cwd: () => "/",
  emitWarning: () => {},
  stderr: { write: () => true, isTTY: false },
  stdout: { write: () => true, isTTY: false },
};
export {};
