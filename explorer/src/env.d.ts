/** What vite.config.ts makes at build time (`virtual:spec-mirrors`). */
declare module "virtual:spec-mirrors" {
  export interface Mirror {
    symbol: string;
    file: string;
    line: number;
    /** Names of its `@isabelle` tags (a transcription). */
    isabelle: string[];
    /** Names of its `@standin` and `@approximates` tags. */
    standin: string[];
    approximates: string[];
    doc: string;
  }
  const data: { mirrors: Mirror[]; headers: Record<string, string> };
  export default data;
}

interface ImportMeta {
  glob<T = unknown>(pattern: string | string[], options: { eager: true; query: "?raw"; import: "default" }): Record<string, T>;
}

/** Vite's inlined worker (`?worker&inline`): a constructor of the worker, its script a blob of the page's own. */
declare module "*?worker&inline" {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}

/** @babel/standalone: Babel for the page (only `transform` is used). */
declare module "@babel/standalone" {
  export function transform(code: string, options: object): unknown;
}
