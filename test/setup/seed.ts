/**
 * Runs in every test worker: every fc.assert, fc.check and fc.sample without a seed of its own
 * uses the seed printed by test/setup/global.ts, so a run is the same on every machine.
 */
import fc from "fast-check";
import { DEFAULT_SEED } from "./global.js";

const seed = Number(process.env.FC_SEED ?? DEFAULT_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${process.env.FC_SEED}`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
