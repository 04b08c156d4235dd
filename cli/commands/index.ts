import type { Command } from "commander";

/** Sets the process exit code of the running command. */
export type SetExit = (code: number) => void;

/** Every subcommand, in the order `--help` lists them. */
export function registerCommands(program: Command, setExit: SetExit): void {
  void setExit;
  program.command("demo").description("run the main job on a built-in example").action(() => {
    process.stdout.write("formal-ssa demo\n");
  });
}
