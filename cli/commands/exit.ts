/** Sets the process exit code of the running command (each command module takes one; index.ts hands it over). */
export type SetExit = (code: number) => void;
