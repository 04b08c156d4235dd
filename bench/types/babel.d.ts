// The bench's build runs Babel directly; these are the two entry points it calls.
declare module "@babel/core" {
  export function transformSync(code: string, options: object): unknown;
}
declare module "babel-plugin-react-compiler" {
  const plugin: unknown;
  export default plugin;
}
