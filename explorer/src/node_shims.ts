/**
 * Node's `path`, `fs`, `util`, `tty`, `os` and `crypto` as far as babel-plugin-react-compiler's
 * bundle touches them when it compiles a source in memory (vite.react.config.ts aliases them
 * here): path arithmetic on `/` paths; no file system, no terminal, no hashing (a call says so).
 */
export const sep = "/";
export const delimiter = ":";
export const basename = (p: string, ext?: string): string => {
  const b = p.slice(p.lastIndexOf("/") + 1);
  return ext !== undefined && b.endsWith(ext) ? b.slice(0, -ext.length) : b;
};
export const dirname = (p: string): string => (p.lastIndexOf("/") > 0 ? p.slice(0, p.lastIndexOf("/")) : p.startsWith("/") ? "/" : ".");
export const extname = (p: string): string => {
  const b = basename(p);
  const i = b.lastIndexOf(".");
  return i > 0 ? b.slice(i) : "";
};
export const join = (...xs: string[]): string => xs.filter((x) => x !== "").join("/").replace(/\/+/g, "/");
export const resolve = (...xs: string[]): string => join(...xs);
export const relative = (_from: string, to: string): string => to;
export const isAbsolute = (p: string): boolean => p.startsWith("/");
export const normalize = (p: string): string => p.replace(/\/+/g, "/");
const noFiles = (): never => {
  throw new Error("the page has no file system");
};
export const existsSync = (): boolean => false;
export const readFileSync = noFiles;
export const statSync = noFiles;
export const inspect = (x: unknown): string => String(x);
export const format = (...xs: unknown[]): string => xs.map(String).join(" ");
export const isatty = (): boolean => false;
export const EOL = "\n";
export const platform = (): string => "browser";
export const createHash = (): never => {
  throw new Error("the page has no hashing");
};
export const posix = { sep, basename, dirname, extname, join, resolve, relative, isAbsolute, normalize };
export default { sep, delimiter, basename, dirname, extname, join, resolve, relative, isAbsolute, normalize, posix, existsSync, readFileSync, statSync, inspect, format, isatty, EOL, platform, createHash };
