/**
 * The shared graph algorithms: DFS and reachability, dominators (Lengauer–Tarjan), dominance
 * frontiers (Cytron et al. / Cooper–Harvey–Kennedy), strongly connected components (Tarjan),
 * the exact reducibility test and low-high orders of the dominator tree (Georgiadis–Tarjan). All iterative, on dense integer ids and typed arrays; each module
 * cites its source and states its complexity.
 */
export * from "./dfs.js";
export * from "./dominators.js";
export * from "./frontier.js";
export * from "./scc.js";
export * from "./reducible.js";
export * from "./low_high.js";
