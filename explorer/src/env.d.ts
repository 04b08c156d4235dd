/** What vite.config.ts makes at build time (`virtual:spec-mirrors`). */
declare module "virtual:spec-mirrors" {
  export interface Mirror {
    symbol: string;
    file: string;
    line: number;
    isabelle: string[];
    doc: string;
  }
  const data: { mirrors: Mirror[]; headers: Record<string, string> };
  export default data;
}

interface ImportMeta {
  glob<T = unknown>(pattern: string | string[], options: { eager: true; query: "?raw"; import: "default" }): Record<string, T>;
}
