/**
 * The names the spec map must account for: every locale, locale assumption, definition and
 * named theorem or lemma of the AFP entries Formal_SSA and Minimal_SSA that the reference
 * catalog (afp-catalog.md) lists, in sections 2 to 5 and in its theory list (section 1), each
 * with its statement in short. Where the catalog names a lemma without its statement, the
 * statement is taken from the AFP source (isabelle-prover/mirror-afp-devel, thys/Formal_SSA and
 * thys/Minimal_SSA). The catalog lists no names for RBT_Mapping_Exts, SSA_Transfer_Rules and
 * Generic_Extract (code equations, transfer rules and the export_code command only): see
 * THEORIES_WITHOUT_NAMES.
 *
 * This list says WHAT exists in Isabelle; WHERE each name is mirrored in TypeScript and which
 * tests exercise it is never written here: scripts/spec-map.mjs computes it from `@isabelle`
 * tags and Isabelle-named declarations in the code and from the test files.
 *
 * Format, one entry a line under a `## Session Theory.thy` header:
 *   kind  Locale.name  | statement summary            (Locale: the context; a theory name for top-level)
 *   kind  Locale.name  | summary || why it does not apply to the model
 * kind is locale, assumption, definition, lemma, theorem or corollary; an entry's id is
 * `Session.Locale.name`, and `Session.Locale.name:lemma` where a lemma shares a definition's name.
 * Everything after `||` is the stated reason why a name is not applicable to the model (the map's
 * status "not applicable"): a tautology of its representation, or not about the model at all;
 * keep them few.
 */

/** Theories of Formal_SSA for which the reference catalog lists no names, and what they hold. */
export const THEORIES_WITHOUT_NAMES = [
  ["RBT_Mapping_Exts", "code equations for the Mapping_Exts operations on red-black trees"],
  ["SSA_Transfer_Rules", "transfer rules for the typedef-based generic interpretation; no algorithmic content"],
  ["Generic_Extract", "the export_code command producing the OCaml module BraunSSA"],
];

export const CATALOG_TEXT = String.raw`
## Formal_SSA Graph_path.thy
locale graph_path_base | graph handle with alpha_e, alpha_n, invar, inEdges'; no assumptions
definition graph_path_base.getFrom | getFrom = fst: the source of an edge (f, d, t)
definition graph_path_base.getData | getData = fst o snd: the data of an edge
definition graph_path_base.getTo | getTo = snd o snd: the target of an edge
definition graph_path_base.pred | pred G v = {(v', w). (v', w, v) in edges G}
definition graph_path_base.inEdges | inEdges g n = map (%(f,d). (f,d,n)) (inEdges' g n)
definition graph_path_base.predecessors | predecessors g n = map getFrom (inEdges g n), in in-edge order
definition graph_path_base.successors | successors g m = [n. n <- alpha_n g, m in set (predecessors g n)]
definition graph_path_base.path | inductive: [n] for a node; n' # ns if n' is a predecessor of hd ns
definition graph_path_base.path2 | g |- n-ns->m == path g ns /\ n = hd ns /\ m = last ns
definition graph_path_base.alpha | alpha g = (| nodes = set (alpha_n g), edges = alpha_e g |)
locale graph_path | graph_path_base + graph + node and predecessor iterators
assumption graph_path.finite | invar g ==> finite (nodes (alpha g)) and finite (edges (alpha g)) || finiteness: the model's node list and edge rows are finite arrays, so it holds by representation
assumption graph_path.valid | invar g ==> valid_graph (alpha g): both ends of every edge are nodes
assumption graph_path.nodes_list_it_correct | foldri (alpha_n g) iterates set (alpha_n g), i.e. alpha_n g is distinct || a tautology of this model: alpha_n g is [0, ..., nodeCount - 1], distinct by construction (spec/graph_path.ts transcribes it all the same)
assumption graph_path.pred_list_it_correct | inEdges' g v is distinct and its set is the in-edges of v in alpha_e g || a tautology of this model: inEdges' g v pairs each predecessor with its own position, so it is distinct, and alpha_e g is made of these lists (spec/graph_path.ts transcribes it all the same)
lemma graph_path.alpha_n_correct | set (alpha_n g) contains both ends of every edge
lemma graph_path.alpha_n_distinct | invar g ==> distinct (alpha_n g)
lemma graph_path.inEdges_correct | set (inEdges g n) = {(_, _, t). t = n} Int alpha_e g
lemma graph_path.predecessor_is_node | n in set (predecessors g n') ==> n in set (alpha_n g)
lemma graph_path.successors_predecessors | n in set (successors g m) <-> m in set (predecessors g n), for a node n
lemma graph_path.path2_nontriv | g |- n-ns->m; n ~= m ==> length ns > 1
lemma graph_path.path2_app | g |- n-ns->m; g |- m-ms->l ==> g |- n-ns @ tl ms->l
lemma graph_path.path2_app' | g |- n-ns->m; g |- m-ms->l ==> g |- n-butlast ns @ ms->l
lemma graph_path.path2_snoc | g |- n-ns->m; m in set (predecessors g m') ==> g |- n-ns@[m']->m'
lemma graph_path.Cons_path2 | g |- n-ns->m; n' in set (predecessors g n) ==> g |- n'-n'#ns->m
lemma graph_path.path2_split | g |- n-ns@n'#ns'->m ==> g |- n-ns@[n']->n' /\ g |- n'-n'#ns'->m
lemma graph_path.path2_unsnoc | length ns >= 2 ==> butlast ns is a path to last (butlast ns), a predecessor of m
lemma graph_path.simple_path2 | every path has a distinct sub-path with the same ends, not revisiting them
locale graph_Entry_base | graph_path_base + fixes Entry; no assumptions
definition graph_Entry_base.dominates | dominates g n m == m is a node /\ every Entry path to m contains n
definition graph_Entry_base.strict_dom | strict_dom g n m == n ~= m /\ dominates g n m
locale graph_Entry | graph_Entry_base + graph_path + three assumptions
assumption graph_Entry.Entry_in_graph | Entry g in set (alpha_n g)
assumption graph_Entry.Entry_unreachable | invar g ==> inEdges g (Entry g) = []
assumption graph_Entry.Entry_reaches | every node is reachable from Entry
definition graph_Entry.dominators | dominators g n == {m in set (alpha_n g). dominates g m n}
definition graph_Entry.isIdom | isIdom g n m <-> strict_dom g m n /\ every strict dominator of n dominates m
definition graph_Entry.idom | idom g n == THE m. isIdom g n m
definition graph_Entry.shortestPath | the number of nodes of a shortest Entry path to n
definition graph_Entry.EntryPath | inductive: paths along which shortestPath grows by one per node
lemma graph_Entry.Entry_iff_unreachable | for a node n: predecessors g n = [] <-> n = Entry g
lemma graph_Entry.Entry_loop | g |- Entry g-ns->Entry g ==> ns = [Entry g]
lemma graph_Entry.dominates_refl | a node dominates itself
lemma graph_Entry.dominates_mid | dominates g n x; dominates g x m; g |- n-ns->m ==> x in set ns
lemma graph_Entry.strict_domE | strict_dom g n m ==> n is on butlast of every Entry path to m
lemma graph_Entry.idom:lemma | n a node other than Entry ==> isIdom g n (idom g n)

## Formal_SSA SSA_CFG.thy
locale CFG_base | graph_Entry_base + fixes defs, uses :: 'g => 'node => 'var set; no assumptions
definition CFG_base.vars | vars g: the variables used somewhere (only the used ones)
definition CFG_base.defAss' | defAss' g m v <-> every Entry path to m (m included) has a node defining v
definition CFG_base.defAss'Uses | ALL m in set (alpha_n g). ALL v in uses g m. defAss' g m v
locale CFG | CFG_base + graph_Entry + five assumptions
assumption CFG.defs_uses_disjoint | n in set (alpha_n g) ==> defs g n Int uses g n = {}
assumption CFG.defs_finite | finite (defs g n) || finiteness: defs are finite arrays, so it holds by representation
assumption CFG.uses_in_alpha_n | v in uses g n ==> n in set (alpha_n g)
assumption CFG.uses_finite | finite (uses g n) || finiteness: uses are finite arrays, so it holds by representation
assumption CFG.invar | invar g || invar = const True for an in-memory graph, as in Generic_Interpretation: nothing to decide
lemma CFG.Entry_no_predecessor | predecessors g (Entry g) = []
lemma CFG.vars_finite | finite (vars g) || finiteness: vars g is built from finite arrays
lemma CFG.uses_in_vars | v in uses g n; n a node ==> v in vars g
locale CFG_wf | CFG + def_ass_uses
assumption CFG_wf.def_ass_uses | ALL m in set (alpha_n g). ALL v in uses g m. defAss' g m v
locale CFG_SSA_base | CFG_base over SSA values + fixes phis :: 'node * 'val ~=> 'val list
definition CFG_SSA_base.phiDefs | phiDefs g n == {v. (n,v) in dom (phis g)}
definition CFG_SSA_base.allDefs | allDefs g n == defs g n Un phiDefs g n
definition CFG_SSA_base.phiUses | argument i of a phi at n' is a use at predecessors g n' ! i
definition CFG_SSA_base.allUses | allUses g n == uses g n Un phiUses g n
definition CFG_SSA_base.allVars | every value defined or used at a node
definition CFG_SSA_base.defAss | defAss g m v <-> every Entry path to m has a node with v in allDefs
locale CFG_SSA | CFG + CFG_SSA_base + five assumptions
assumption CFG_SSA.phis_finite | finite (dom (phis g)) || finiteness: the phi table is a finite array
assumption CFG_SSA.phis_in_alpha_n | phis g (n,v) = Some vs ==> n in set (alpha_n g) || a tautology of this model: SsaCfg keeps the phis per node, phis of node n in phiStart[n] .. phiStart[n + 1] for n < nodeCount, so every key's node is a node (spec/ssa_cfg.ts transcribes it all the same)
assumption CFG_SSA.phis_wf | phis g (n,v) = Some args ==> length (predecessors g n) = length args
assumption CFG_SSA.simpleDefs_phiDefs_disjoint | n a node ==> defs g n Int phiDefs g n = {}
assumption CFG_SSA.allDefs_disjoint | n ~= m nodes ==> allDefs g n Int allDefs g m = {}
lemma CFG_SSA.phis_disj | phis g (n,v) = Some vs; phis g (n',v) = Some vs' ==> n = n' /\ vs = vs'
lemma CFG_SSA.phiUsesI | phis g (n',v') = Some vs; (n,v) in set (zip (predecessors g n') vs) ==> v in phiUses g n
lemma CFG_SSA.phiUsesE | v in phiUses g n ==> some phi at a successor n' has v as an argument at predecessor n
lemma CFG_SSA.defAss_dominating | defAss g n v <-> (EX m. dominates g m n /\ v in allDefs g m)
locale CFG_SSA_wf_base | CFG_SSA_base; no assumptions; defNode, phi, trivial, liveVal, ...
definition CFG_SSA_wf_base.defNode | defNode g v == hd [n <- alpha_n g. v in allDefs g n]
definition CFG_SSA_wf_base.def_dominates | def_dominates g v' v == dominates g (defNode g v') (defNode g v)
definition CFG_SSA_wf_base.strict_def_dom | defNode g v' ~= defNode g v /\ def_dominates g v' v
definition CFG_SSA_wf_base.phi | phi g v = phis g (defNode g v, v)
definition CFG_SSA_wf_base.phiArg | phiArg g v v' == EX vs. phi g v = Some vs /\ v' in set vs
definition CFG_SSA_wf_base.isTrivialPhi | v' ~= v /\ the arguments of phi g v are {v'} or {v, v'}
definition CFG_SSA_wf_base.trivial | trivial g v == EX v' in allVars g. isTrivialPhi g v v'
definition CFG_SSA_wf_base.redundant | redundant g == EX v in allVars g. trivial g v
definition CFG_SSA_wf_base.defAssUses | ALL n in set (alpha_n g). ALL v in allUses g n. defAss g n v
definition CFG_SSA_wf_base.liveVal | inductive: ordinary uses are live; arguments of live phis are live
definition CFG_SSA_wf_base.pruned | every phi-defined value is liveVal
locale CFG_SSA_wf | CFG_SSA + CFG_SSA_wf_base + two assumptions
assumption CFG_SSA_wf.allUses_def_ass | v in allUses g n; n a node ==> defAss g n v
assumption CFG_SSA_wf.Entry_no_phis | phis g (Entry g, v) = None
lemma CFG_SSA_wf.allVars_in_allDefs | v in allVars g ==> EX n. v in allDefs g n
lemma CFG_SSA_wf.defNode_ex1 | v in allVars g ==> EX! n. n a node /\ v in allDefs g n
lemma CFG_SSA_wf.defNode | v in allVars g ==> defNode g v is a node and v in allDefs g (defNode g v)
lemma CFG_SSA_wf.defNode_eq | n a node; v in allDefs g n ==> defNode g v = n
lemma CFG_SSA_wf.defNode_cases | v in allVars g ==> v in defs g (defNode g v) \/ phi g v ~= None
lemma CFG_SSA_wf.phi_wf | phi g v = Some vs ==> length (predecessors g (defNode g v)) = length vs
lemma CFG_SSA_wf.phi_finite | finite (dom (phi g)) || finiteness: the phi table is a finite array
lemma CFG_SSA_wf.phiArg_in_allVars | phiArg g v v' ==> v' in allVars g
lemma CFG_SSA_wf.allUses_dominated | v in allUses g n; n a node ==> dominates g (defNode g v) n
lemma CFG_SSA_wf.phi_no_closed_loop | p in allVars g; phi g p = Some vs ==> set vs ~= {p}
lemma CFG_SSA_wf.phis_phi | phis g (n,v) = Some vs ==> phi g v = Some vs
lemma CFG_SSA_wf.trivial_phi | trivial g v ==> phi g v ~= None
lemma CFG_SSA_wf.trivial_finite | finite {v. trivial g v} || finiteness: trivial values are among the finite allVars
lemma CFG_SSA_wf.trivial_in_allVars | trivial g v ==> v in allVars g
lemma CFG_SSA_wf.liveVal_in_allVars | liveVal g v ==> v in allVars g
lemma CFG_SSA_wf.non_dominated_predecessor | n a node, n ~= Entry ==> some predecessor of n is not dominated by n
locale CFG_SSA_Transformed_base | old: CFG_base (oldDefs, oldUses) + CFG_SSA_wf_base on the same graph + fixes var
locale CFG_SSA_Transformed | CFG_SSA_Transformed_base + old: CFG_wf + CFG_SSA_wf + five assumptions
assumption CFG_SSA_Transformed.oldDefs_def | oldDefs g n = var g ' defs g n
assumption CFG_SSA_Transformed.oldUses_def | n a node ==> oldUses g n = var g ' uses g n
assumption CFG_SSA_Transformed.conventional | on a path from v's definition to a use of v, no later node defines another version of var v
assumption CFG_SSA_Transformed.phis_same_var | phis g (n,v) = Some vs; v' in set vs ==> var g v' = var g v
assumption CFG_SSA_Transformed.allDefs_var_disjoint | two values defined at one node have different var
lemma CFG_SSA_Transformed.conventional' | g |- n-ns->m; n notin set (tl ns); v in allDefs g n; v in allUses g m; v' in allDefs g x; var g v' = var g v ==> x notin set (tl ns)
lemma CFG_SSA_Transformed.conventional'' | g |- defNode g v-ns->m; defNode g v notin set (tl ns); v in allUses g m; var g v' = var g v; v, v' in allVars g ==> defNode g v' notin set (tl ns)
lemma CFG_SSA_Transformed.phiArg_same_var | phiArg g p q ==> var g q = var g p
lemma CFG_SSA_Transformed.oldDef_defAss | v in allUses g n; g |- Entry g-ns->n ==> EX m in set ns. var g v in oldDefs g m
lemma CFG_SSA_Transformed.allDef_path_from_simpleDef | v in allVars g ==> EX n ns. g |- n-ns->defNode g v /\ old.EntryPath g ns /\ var g v in oldDefs g n
lemma CFG_SSA_Transformed.defNode_var_disjoint | p ~= q in allVars g with one defNode ==> var g p ~= var g q
lemma CFG_SSA_Transformed.phiArg_distinct_nodes | phiArg g p q; p ~= q; p in allVars g ==> defNode g p ~= defNode g q
lemma CFG_SSA_Transformed.phiArgs_def_distinct | phiArg g p q; phiArg g p r; q ~= r; p in allVars g ==> defNode g q ~= defNode g r
lemma CFG_SSA_Transformed.defUse_paths_disjoint | def-use paths ns of p and ms of q (from defNode, not revisiting it, to a use); p ~= q; var g p = var g q ==> set ns Int set ms = {}
lemma CFG_SSA_Transformed.simpleDefs_phiDefs_var_disjoint | v in phiDefs g n; n a node ==> var g v notin oldDefs g n
lemma CFG_SSA_Transformed.liveVal_use_path | liveVal g v ==> a path from defNode g v to a use of var v with no redefinition after the start

## Formal_SSA Minimality.thy
definition graph_path.pathsConverge | two paths x..z and y..z, x ~= y, longer than 1, sharing only z
definition graph_path.pathsConverge' | as pathsConverge, with set (butlast xs) Int set (butlast ys) = {}
lemma graph_path.pathsConverge':lemma | pathsConverge g x xs y ys z <-> pathsConverge' g x xs y ys z
lemma graph_path.pathsConvergeI | two paths to z of length > 1 with disjoint butlasts ==> pathsConverge
definition graph_Entry.reducible | every closed path has a node dominating all its nodes
definition CFG_SSA_Transformed.necessaryPhi | two original definitions of v at different nodes whose paths converge at z
definition CFG_SSA_Transformed.necessaryPhi' | necessaryPhi' g val == necessaryPhi g (var g val) (defNode g val)
definition CFG_SSA_Transformed.unnecessaryPhi | phi g val ~= None /\ ~ necessaryPhi' g val
definition CFG_SSA_Transformed.cytronMinimal | every phi is necessaryPhi'
definition CFG_SSA_Transformed.phiCount | card ((%(n,v). (n, var g v)) ' dom (phis g))
lemma CFG_SSA_Transformed.phiCount:lemma | phiCount g = card (dom (phis g))
theorem CFG_SSA_Transformed.2 | Lemma 2: of two distinct operands q, r of phi p (all distinct), not both def_dominate p
lemma CFG_SSA_Transformed.convergence_prop | necessaryPhi g (var g v) n and a def-free path from n to a use of v ==> a phi of v at n
lemma CFG_SSA_Transformed.convergence_prop' | necessaryPhi g v n and an oldDefs-free path to a use of v ==> a phi of some val with var v at n
lemma CFG_SSA_Transformed.nontrivialE | ~ trivial g p; phi g p ~= None ==> two arguments r, s with p, r, s distinct
lemma CFG_SSA_Transformed.paths_converge_prefix | g |- x-xs->z; g |- y-ys->z; x ~= y; both longer than 1; x notin butlast ys; y notin butlast xs ==> pathsConverge g x xs' y ys' z' for prefixes xs', ys'
lemma CFG_SSA_Transformed.ununnecessaryPhis_disjoint_paths_aux | ~ unnecessaryPhi g r; r in allVars g ==> paths n1-ns1->defNode g r, n2-ns2->defNode g r from oldDefs of var g r with disjoint butlasts
lemma CFG_SSA_Transformed.ununnecessaryPhis_disjoint_paths | r, s not unnecessary phis of one variable V, defNode g r ~= defNode g s ==> disjoint paths from oldDefs of V to defNode g r and to defNode g s
theorem CFG_SSA_Transformed.3 | Lemma 3: an unnecessary non-trivial phi p has an unnecessary argument q not def_dominating p
theorem CFG_SSA_Transformed.reducible_nonredundant_imp_minimal | old.reducible g; ~ redundant g ==> cytronMinimal g
theorem CFG_SSA_Transformed.phi_count_minimal | cytronMinimal and pruned ==> no more phis than any other valid translation

## Formal_SSA Serial_Rel.thy
definition Serial_Rel.serial_on | serial_on A r: every element of A has an r-successor in A
theorem Serial_Rel.serial_on_finite_cycle | a serial relation on a finite non-empty set has a cycle

## Formal_SSA Construct_SSA.thy
definition CFG_Construct.Def | datatype Def = SimpleDef | PhiDef, SimpleDef < PhiDef
definition CFG_Construct.ssaVal | ssaVal = 'var * 'node * Def, ordered lexicographically
locale CFG_Construct | CFG; no extra assumptions; defines the construction
definition CFG_Construct.phiDefNodes_aux | depth-first search backwards from a use, collecting non-1-predecessor nodes
definition CFG_Construct.phiDefNodes | union of phiDefNodes_aux over the uses of v
definition CFG_Construct.var | var g == fst
definition CFG_Construct.defNode | defNode v == fst (snd v) (abbreviation)
definition CFG_Construct.defKind | defKind v == snd (snd v) (abbreviation)
definition CFG_Construct.lookupDef | walk single-predecessor chains back to a definition (SimpleDef) or a join (PhiDef)
definition CFG_Construct.defs' | defs' g n == (%v. (v,n,SimpleDef)) ' defs g n
definition CFG_Construct.uses' | uses' g n == lookupDef g n ' uses g n
definition CFG_Construct.phis' | phis' g (n,(v,n,PhiDef)) = Some [lookupDef g m v. m <- predecessors g n] iff n in phiDefNodes g v, v in vars g
definition CFG_Construct.lookupDefNode | lookupDefNode g n v == defNode (lookupDef g n v)
lemma CFG_Construct.phiDefNodesI | a def-free path from a non-1-predecessor node n to a use of v ==> n in phiDefNodes g v
lemma CFG_Construct.phiDefNodesE | n in phiDefNodes g v ==> such a path exists
lemma CFG_Construct.phiDefNode_is_join_node | n in phiDefNodes g v ==> length (predecessors g n) ~= 1
lemma CFG_Construct.lookupDef_cases | lookupDef is a SimpleDef at n, a PhiDef at a join n, or recurses into the one predecessor
lemma CFG_Construct.lookupDef_fst | n a node ==> fst (lookupDef g n v) = v
lemma CFG_Construct.lookupDef_path | a path from lookupDefNode g m v to m with no definition of v after the start
lemma CFG_Construct.allUse_lookupDef | v in braun_ssa.allUses g m ==> lookupDef g m (var g v) = v
lemma CFG_Construct.oldDefs_correct | defs g n = var g ' defs' g n
lemma CFG_Construct.oldUses_correct | n a node ==> uses g n = var g ' uses' g n
lemma CFG_Construct.phis'_fst | phis' g (n,v) = Some vs; v' in set vs ==> var g v' = var g v
lemma CFG_Construct.PhiDef_defNode_eq | n in phiDefNodes g v; v in vars g ==> braun_ssa.defNode g (v,n,PhiDef) = n
lemma CFG_Construct.defs'_uses'_disjoint | defs' g n Int uses' g n = {}
lemma CFG_Construct.defs'_finite | finite (defs' g n) || finiteness: an image of a finite array
lemma CFG_Construct.uses'_finite | finite (uses' g n) || finiteness: an image of a finite array
lemma CFG_Construct.phis'_finite | finite (dom (phis' g)) || finiteness: phi keys range over finitely many nodes and variables
lemma CFG_Construct.phis'_wf | phis' g (n, v) = Some args ==> length (predecessors g n) = length args
lemma CFG_Construct.simpleDefs_phiDefs_disjoint | for braun_ssa: defs' g n Int phiDefs g n = {}
lemma CFG_Construct.allDefs'_disjoint | for braun_ssa: allDefs at different nodes are disjoint
lemma CFG_Construct.conventional | braun_ssa satisfies conventional
lemma CFG_Construct.allDefs_var_disjoint | braun_ssa satisfies allDefs_var_disjoint
lemma CFG_Construct.braun_ssa | sublocale braun_ssa: CFG_SSA ... defs' uses' phis'
locale CFG_Construct_wf | CFG_Construct + CFG_wf; no extra assumptions
lemma CFG_Construct_wf.def_ass_allUses | v in braun_ssa.allUses g n ==> braun_ssa.defAss g n v
lemma CFG_Construct_wf.Empty_no_phis | phis' g (Entry g, v) = None
theorem CFG_Construct_wf.braun_ssa_CFG_SSA_wf | CFG_SSA_wf ... defs' uses' phis'
theorem CFG_Construct_wf.braun_ssa_CFG_SSA_Transformed | CFG_SSA_Transformed ... defs uses defs' uses' phis' var
theorem CFG_Construct_wf.phis'_pruned | braun_ssa.pruned g

## Formal_SSA Construct_SSA_notriv.thy
locale CFG_SSA_Transformed_notriv_base | CFG_SSA_Transformed_base + fixes chooseNext_all; no assumptions
definition CFG_SSA_Transformed_notriv_base.chooseNext | chooseNext g == snd (chooseNext_all (uses g) (phis g) g): the chosen phi's value
definition CFG_SSA_Transformed_notriv_base.chooseNext' | chooseNext' g == chooseNext_all (uses g) (phis g) g: its key (node, value)
definition CFG_SSA_Transformed_notriv_base.substitution | THE v'. isTrivialPhi g (chooseNext g) v'
definition CFG_SSA_Transformed_notriv_base.substNext | substNext g v = substitution g if v = chooseNext g, else v
definition CFG_SSA_Transformed_notriv_base.uses' | uses' g n == substNext g ' uses g n
definition CFG_SSA_Transformed_notriv_base.phis' | drop the chosen phi, map substNext over every other phi's arguments
definition CFG_SSA_Transformed_notriv_base.inst | inst g u p == CFG_SSA_Transformed_notriv with uses(g:=u), phis(g:=p)
definition CFG_SSA_Transformed_notriv_base.inst' | inst' g == %(u,p). inst g u p
definition CFG_SSA_Transformed_notriv_base.cond | cond g == %(u,p). redundant with uses(g:=u), phis(g:=p)
definition CFG_SSA_Transformed_notriv_base.step | step g == %(u,p). (uses', phis') with uses(g:=u), phis(g:=p)
definition CFG_SSA_Transformed_notriv_base.substAll | substAll g == while (cond g) (step g) (uses g, phis g)
definition CFG_SSA_Transformed_notriv_base.uses'_all | uses'_all g == fst (substAll g)
definition CFG_SSA_Transformed_notriv_base.phis'_all | phis'_all g == snd (substAll g)
locale CFG_SSA_Transformed_notriv | CFG_SSA_Transformed + notriv_base + chooseNext_all assumption
assumption CFG_SSA_Transformed_notriv.chooseNext_all | on a redundant valid translation, chooseNext_all returns the key of an existing trivial phi
lemma CFG_SSA_Transformed_notriv.chooseNext':lemma | redundant g ==> chooseNext' g in dom (phis g) /\ trivial g (chooseNext g)
lemma CFG_SSA_Transformed_notriv.chooseNext:lemma | redundant g ==> chooseNext g in allVars g /\ trivial g (chooseNext g)
lemma CFG_SSA_Transformed_notriv.isTrivialPhi_det | trivial g v ==> EX! v'. isTrivialPhi g v v'
lemma CFG_SSA_Transformed_notriv.trivialPhi_strict_dom | v in allVars g; isTrivialPhi g v v' ==> strict_def_dom g v' v
lemma CFG_SSA_Transformed_notriv.isTrivialPhi_asymmetric | isTrivialPhi g a b; isTrivialPhi g b a ==> False
lemma CFG_SSA_Transformed_notriv.substitution:lemma | redundant g ==> isTrivialPhi g (chooseNext g) (substitution g)
lemma CFG_SSA_Transformed_notriv.substitution_in_allVars | redundant g ==> substitution g in allVars g
lemma CFG_SSA_Transformed_notriv.defs_uses_disjoint_inv | one removal step keeps defs g n Int uses' g n = {}
lemma CFG_SSA_Transformed_notriv.substAll_wf | redundant g ==> card (dom (phis' g)) < card (dom (phis g))
lemma CFG_SSA_Transformed_notriv.step_preserves_inst | inst' g (u,p) and cond g (u,p) ==> inst' g (step g (u,p))
lemma CFG_SSA_Transformed_notriv.substAll:lemma | invariant rule of the loop: an invariant of step holds at the end, which is again inst
lemma CFG_SSA_Transformed_notriv.notriv | sublocale notriv: CFG_SSA_Transformed ... uses'_all phis'_all
theorem CFG_SSA_Transformed_notriv.not_redundant | ~ notriv.redundant g
corollary CFG_SSA_Transformed_notriv.minimal | old.reducible g ==> notriv.cytronMinimal g
theorem CFG_SSA_Transformed_notriv.pruned_invariant | pruned g ==> notriv.pruned g
locale CFG_SSA_step | CFG_SSA_Transformed_notriv + fixes g + assumes redundant g
assumption CFG_SSA_step.redundant | redundant g: some phi is trivial
lemma CFG_SSA_step.simpleDefs_phiDefs_disjoint_inv | one step keeps simpleDefs_phiDefs_disjoint
lemma CFG_SSA_step.allDefs_disjoint_inv | one step keeps allDefs_disjoint
lemma CFG_SSA_step.phis_finite_inv | one step keeps phis_finite || finiteness: the phi table stays a finite array
lemma CFG_SSA_step.phis_wf_inv | one step keeps phis_wf
lemma CFG_SSA_step.allUses_narrows | step.allUses g n <= substNext g ' allUses g n
lemma CFG_SSA_step.allDefs_narrows | step.allDefs g n <= allDefs g n
lemma CFG_SSA_step.allUses_def_ass_inv | one step keeps allUses_def_ass
lemma CFG_SSA_step.Entry_no_phis_inv | one step keeps Entry_no_phis
lemma CFG_SSA_step.chooseNext_eliminated | chooseNext g notin step.allDefs g (defNode g (chooseNext g))
lemma CFG_SSA_step.oldUses_inv | one step keeps oldUses_def
lemma CFG_SSA_step.conventional_inv | one step keeps conventional
lemma CFG_SSA_step.substNext_var | (unnamed) var g (substNext g v) = var g v
lemma CFG_SSA_step.phis_same_var_inv | one step keeps phis_same_var
lemma CFG_SSA_step.allDefs_var_disjoint_inv | one step keeps allDefs_var_disjoint
lemma CFG_SSA_step.step_CFG_SSA_Transformed_notriv | after one step: CFG_SSA_Transformed_notriv again
lemma CFG_SSA_step.step_defNode | v in allVars g; v ~= chooseNext g ==> step.defNode g v = defNode g v
lemma CFG_SSA_step.step_phi | v ~= chooseNext g ==> step.phi g v = map_option (map (substNext g)) (phi g v)
lemma CFG_SSA_step.liveVal_inv | liveVal g v; v ~= chooseNext g ==> step.liveVal g v
lemma CFG_SSA_step.pruned_inv | pruned g ==> step.pruned g
definition CFG_SSA_wf.liveVal' | inductive: liveVal with the list of phis it passes through as witness
lemma CFG_SSA_wf.liveVal'I | liveVal g v ==> EX vs. liveVal' g (v#vs)
lemma CFG_SSA_wf.liveVal'D | liveVal' g (v#vs) ==> liveVal g v

## Formal_SSA SSA_Semantics.thy
definition CFG_SSA_Transformed.state | state = 'var ~=> 'node: where each variable was last defined
definition CFG_SSA_Transformed.step | step g m s v == if v in oldDefs g m then Some m else s v
definition CFG_SSA_Transformed.bs | g |- ns \<Down> s: fold step along an Entry path
definition CFG_SSA_Transformed.ssaStep | defs set to m; a phi entered via edge i reads argument i in the pre-state
definition CFG_SSA_Transformed.ssaBS | g |- ns \<Down>s s: ssaStep along an Entry path, one derivation per in-edge
lemma CFG_SSA_Transformed.ssaBS_I | g |- Entry g-ns->n ==> EX s. g |- ns \<Down>s s
lemma CFG_SSA_Transformed.equiv_aux | equiv at a use reached by a redefinition-free path from the last node
theorem CFG_SSA_Transformed.equiv | g |- ns \<Down> s; g |- ns \<Down>s s'; v in uses g (last ns) ==> s (var g v) = s' v

## Formal_SSA SSA_CFG_code.thy
definition SSA_CFG_code.Union_of | Union_of f A == UN (f ' A)
definition SSA_CFG_code.the_trivial | one left fold: the one argument other than v if all others equal it, else None
lemma SSA_CFG_code.the_trivial_conv | the_trivial v vs = Some v' iff v' ~= v is the only argument other than v
lemma SSA_CFG_code.the_trivial_SomeE | the_trivial v vs = Some v' ==> v ~= v' /\ set vs in {{v'}, {v,v'}}
definition CFG_base.addN | addN g n: add n to the user set of each variable used at n
definition CFG_base.useNodes_of | useNodes_of g: variable -> the nodes using it
lemma CFG_base.lookup_useNodes_of | lookup (useNodes_of g) v = the nodes using v, if any
definition CFG_SSA_base.phis_addN | phis_addN g k: add phi key k to the user set of each of its arguments
definition CFG_SSA_base.phidefNodes | phi-defined value -> its node
lemma CFG_SSA_base.keys_phidefNodes | keys (phidefNodes g) = snd ' dom (phis g)
definition CFG_SSA_base.phiNodes_of | phiNodes_of g: value -> the phi keys having it as an argument
lemma CFG_SSA_base.lookup_phiNodes_of | lookup (phiNodes_of g) v = the phi keys with v as an argument, if any
locale CFG_SSA_ext_base | CFG_SSA_base; no assumptions
definition CFG_SSA_ext_base.cache | cache g f = Mapping.tabulate (alpha_n g) f
definition CFG_SSA_ext_base.usesOf | usesOf m n == case_option {} id (Mapping.lookup m n)
locale CFG_SSA_ext | CFG_SSA_ext_base + CFG_SSA; no extra assumptions
lemma CFG_SSA_ext.usesOf_cache | usesOf (cache g (uses g)) n = uses g n
locale CFG_SSA_base_code | CFG_SSA_ext_base with uses a mapping and phis a mapping (phis_code)
lemma CFG_SSA_base_code.phiDefs_code | phiDefs g n = snd ' {(n',v) in keys (phis g). n' = n}
locale CFG_SSA_code | CFG_SSA_base_code + CFG_SSA_ext
locale CFG_SSA_wf_base_code | CFG_SSA_base_code + CFG_SSA_wf_base; no assumptions
definition CFG_SSA_wf_base_code.trivial_code | trivial_code v vs = (the_trivial v vs ~= None)
definition CFG_SSA_wf_base_code.trivial_phis | keys of phis whose arguments are trivial_code
definition CFG_SSA_wf_base_code.redundant_code | redundant_code g = (trivial_phis g ~= {})
locale CFG_SSA_wf_code | CFG_SSA_code + CFG_SSA_wf_base_code + CFG_SSA_wf
lemma CFG_SSA_wf_code.trivial_code:lemma | phi g v = Some vs ==> trivial g v = trivial_code v vs
lemma CFG_SSA_wf_code.trivial_phis:lemma | trivial_phis g = {(n,v). phis g (n,v) ~= None /\ trivial g v}
lemma CFG_SSA_wf_code.redundant_code:lemma | redundant g = redundant_code g
locale CFG_SSA_Transformed_code | CFG_SSA_wf_code + CFG_SSA_Transformed + dom_uses_in_graph
assumption CFG_SSA_Transformed_code.dom_uses_in_graph | Mapping.keys (uses g) <= set (alpha_n g)

## Formal_SSA Construct_SSA_code.thy
locale CFG_Construct_linorder | CFG_Construct_wf; no extra assumptions; hosts the executable construction
definition CFG_Construct_linorder.lookup_multimap | lookup_multimap m k == case_option {} id (Mapping.lookup m k)
definition CFG_Construct_linorder.sparse_phis | phis keyed by (node, variable) while reading
definition CFG_Construct_linorder.readVariableRecursive | Braun et al.'s reader on a complete CFG: placeholder phi breaks cycles
definition CFG_Construct_linorder.readArgs | reads the predecessors, tail first, arguments in predecessor order
definition CFG_Construct_linorder.phis'_aux | the phi map after reading: phis' for v where phiDefNodes_aux reaches
definition CFG_Construct_linorder.aux_1 | read one used variable at n, record the use
definition CFG_Construct_linorder.aux_2 | aux_1 over the used variables of n, in descending order
definition CFG_Construct_linorder.init_state | (Mapping.empty, Mapping.empty)
definition CFG_Construct_linorder.from_sparse | (n,v) => (n,(v,n,PhiDef))
definition CFG_Construct_linorder.uses'_phis' | fold aux_2 over alpha_n from the last node; keys via from_sparse
definition CFG_Construct_linorder.phis'_code | lift_definition: phis' as a mapping
lemma CFG_Construct_linorder.fst_readVariableRecursive | n a node ==> fst (readVariableRecursive g v n phis) = lookupDef g n v
lemma CFG_Construct_linorder.snd_readVariableRecursive | v in vars g; n a node; phi keys only at non-1-predecessor nodes; Entry's at most [] ==> phis'_aux g v {n} phis = snd (readVariableRecursive g v n phis), and readArgs g v n phis ms = (phis'_aux g v (set ms) phis, map (%m. lookupDef g m v) ms)
lemma CFG_Construct_linorder.fst_uses'_phis' | uses' g = lookup_multimap (fst (uses'_phis' g))
lemma CFG_Construct_linorder.fst_uses'_phis'_in_alpha_n | Mapping.keys (fst (uses'_phis' g)) <= set (alpha_n g)
lemma CFG_Construct_linorder.snd_uses'_phis' | phis'_code g = snd (uses'_phis' g)

## Formal_SSA Construct_SSA_notriv_code.thy
definition CFG_SSA_Transformed_notriv_base.substitution_code | the (the_trivial (snd next) (the (phis g next)))
definition CFG_SSA_Transformed_notriv_base.substNext_code | id(snd next := substitution_code g next)
definition CFG_SSA_Transformed_notriv_base.uses'_code | uses'_code g next n == substNext_code g next ' uses g n
locale CFG_SSA_Transformed_notriv_base_code | CFG_SSA_wf_base_code + CFG_SSA_Transformed_notriv_base on mappings
definition CFG_SSA_Transformed_notriv_base_code.cond_code | cond_code g = redundant_code g
definition CFG_SSA_Transformed_notriv_base_code.uses'_codem | rewrite only the nodes recorded as users of snd next
definition CFG_SSA_Transformed_notriv_base_code.nodes_of_uses' | move the user nodes of snd next to next' (if next' is phi-defined)
definition CFG_SSA_Transformed_notriv_base_code.phis'_code | map_values over all phis: drop next, substitute in the rest (O(#phis))
definition CFG_SSA_Transformed_notriv_base_code.phis'_codem | delete next, rewrite only the phis recorded as users of snd next
definition CFG_SSA_Transformed_notriv_base_code.nodes_of_phis' | move the user phis of snd next to next'
definition CFG_SSA_Transformed_notriv_base_code.triv_phis' | drop next, re-test the phis that used snd next
definition CFG_SSA_Transformed_notriv_base_code.step_code | (uses'_code g next, phis'_code g next) for next = chooseNext' g
definition CFG_SSA_Transformed_notriv_base_code.step_codem | (uses'_codem ..., phis'_codem ...)
definition CFG_SSA_Transformed_notriv_base_code.phi_equiv_mapping | two user indices agree on every phi-defined value
locale CFG_SSA_Transformed_notriv_linorder | CFG_SSA_Transformed_notriv_base + CFG_SSA_Transformed_notriv
locale CFG_SSA_Transformed_notriv_linorder_code | code locale + chooseNext_all_code
assumption CFG_SSA_Transformed_notriv_linorder_code.chooseNext_all_code | chooseNext_all picks Max (trivial_phis g) in the lexicographic key order
definition CFG_SSA_Transformed_notriv_linorder_code.substAll_efficient | worklist loop over (uses, phis), trivial phis, user indices; next = Max triv_phis
locale CFG_SSA_step_code | CFG_SSA_Transformed_notriv_linorder_code + CFG_SSA_step
lemma CFG_SSA_Transformed_notriv_base_code.substitution_code_correct | redundant g ==> substitution g = substitution_code g (chooseNext' g)
lemma CFG_SSA_Transformed_notriv_base_code.substNext_code_correct | redundant g ==> substNext g = substNext_code g (chooseNext' g)
lemma CFG_SSA_Transformed_notriv_base_code.uses'_code_correct | redundant g ==> uses' g = uses'_code g (chooseNext' g)
lemma CFG_SSA_Transformed_notriv_base_code.phis'_code_correct | redundant g ==> phis' g = lookup (phis'_code g (chooseNext' g))
lemma CFG_SSA_Transformed_notriv_base_code.phis'_codem_correct | with an exact phi-user index, phis'_codem = phis'_code
lemma CFG_SSA_Transformed_notriv_base_code.uses'_codem_correct | with an exact use-node index, usesOf (uses'_codem ...) = uses'_code
lemma CFG_SSA_Transformed_notriv_base_code.triv_phis'_correct | g |- nodes_of_phis ~phi phiNodes_of g; next in keys (phis g); trivial g (snd next) ==> triv_phis' on the new phis (phis'_codem) = their trivial_phis
lemma CFG_SSA_Transformed_notriv_base_code.nodes_of_phis'_correct | same premises ==> g |- nodes_of_phis' g next (substitution_code g next) nodes_of_phis ~phi phiNodes_of of the new phis
lemma CFG_SSA_Transformed_notriv_base_code.nodes_of_uses'_correct | g |- nodes_of_uses ~phi useNodes_of g; next a trivial phi key ==> g |- nodes_of_uses' ... ~phi useNodes_of of the new uses (uses'_codem)
lemma CFG_SSA_Transformed_notriv_linorder_code.substAll_terminates | while_option (cond g) (step g) (uses g, phis g) ~= None
theorem CFG_SSA_Transformed_notriv_linorder_code.substAll_efficient_code | substAll g = map_prod usesOf lookup (fst (substAll_efficient g))

## Formal_SSA FormalSSA_Misc.thy
lemma FormalSSA_Misc.removeAll_induct | induction on lists by removing one element (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model
lemma FormalSSA_Misc.the1_list | (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model
lemma FormalSSA_Misc.The_Min | (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model
lemma FormalSSA_Misc.The_Max | (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model
lemma FormalSSA_Misc.set_take_two | two distinct elements of a set with at least two (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model
lemma FormalSSA_Misc.fold_update_conv | a fold of function updates, pointwise (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model
lemma FormalSSA_Misc.map_option_the | (named in catalog section 1) || a lemma of Isabelle's list/set proof library that the catalog's theory list names without a statement (FormalSSA_Misc: no definitions relevant to the algorithm); it is about HOL lists, not the SSA model

## Formal_SSA Mapping_Exts.thy
definition Mapping_Exts.mapping_delete_all | lift_definition: %P m x. if P x then None else m x
definition Mapping_Exts.map_keys | lift_definition: %f m x. if f -' {x} ~= {} then m (THE k. f -' {x} = {k}) else None
definition Mapping_Exts.map_values | lift_definition: %f m x. Option.bind (m x) (f x)
definition Mapping_Exts.restrict_mapping | lift_definition: %f. restrict_map (Some o f)
definition Mapping_Exts.mapping_add | lift_definition: (++), the second mapping wins
definition Mapping_Exts.mmap | mmap = Mapping.map id

## Formal_SSA While_Combinator_Exts.thy
lemma While_Combinator_Exts.while_option_sim | simulation of one while_option loop by another (catalog section 1) || a higher-order lemma relating any two HOL while_option loops, not a property of a CFG; its one use, substAll_efficient_code (substAll = the efficient loop), is tested directly

## Formal_SSA Generic_Interpretation.thy
definition Generic_Interpretation.gen_cfg | record: gen_alpha_e, gen_alpha_n, gen_inEdges (full triples), gen_Entry, gen_defs, gen_uses || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.gen_inEdges' | gen_inEdges' g n == map (%(f,d,t). (f,d)) (gen_inEdges g n) || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.gen_cfg_wf | typedef: the gen_cfg records satisfying CFG_wf with invar = const True || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.gen_ssa_cfg | record: gen_cfg + gen_ssa_defs, gen_ssa_uses (mapping), gen_phis (phis_code), gen_var || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.gen_ssa_cfg_wf | typedef of the records satisfying CFG_SSA_Transformed_code, and the function building one with gen_wf_uses'_phis' || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.uninst_chooseNext | uninst_chooseNext u p g == Max (uninst_trivial_phis (const p) g)
definition Generic_Interpretation.gen_ssa_wf_notriv_substAll' | gen_ssa_wf_notriv_substAll' = fst o gen_ssa_wf_notriv_substAll_efficient || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror; the loop it exports is substAll_efficient (impl/notriv_fast.ts)
definition Generic_Interpretation.disjoint | disjoint xs ys = (xs Int ys = {}): an RBT code-setup helper || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.fold_set | fold_set f A == fold f (sorted_list_of_set A): an RBT code-setup helper || code-generation glue: an Isabelle record, typedef or interpretation that packages a CFG for export_code to OCaml (Generic_Extract); the TypeScript model types (spec/model.ts Cfg, SsaCfg, Transformed) are the inputs and outputs directly, so there is no executable content to mirror
definition Generic_Interpretation.map_keys_from_sparse | map_keys_from_sparse == map_keys gen_wf.from_sparse

## Formal_SSA Disjoin_Transform.thy
definition Disjoin_Transform.maxVnameLen_aux | the longest variable name in an expression || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition Disjoin_Transform.maxVnameLen | the longest variable name in a command || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition Disjoin_Transform.tempName | tempName c == replicate (Suc (maxVnameLen c)) (CHR ''a''), a fresh name || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition Disjoin_Transform.transform_aux | split V:=e with V in rhs into V':=e;; V:=Var V' || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition Disjoin_Transform.transform | transform c == transform_aux (tempName c) c || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
corollary Disjoin_Transform.Defs_Uses_transform_disjoint | Defs (transform c) n Int Uses (transform c) n = {} || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition

## Formal_SSA WhileGraphSSA.thy
definition WhileGraphSSA.while_cfg_alpha_e | Collect (valid_edge (transform c)) || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.while_cfg_alpha_n | sorted_list_of_set (Collect (valid_node (transform c))) || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.while_cfg_invar | while_cfg_invar c = True || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.while_cfg_inEdges' | SOME ls. distinct ls /\ set ls = the in-edges of t || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition; besides, its predecessor order is a Hilbert choice (SOME), not executable
definition WhileGraphSSA.while_cfg_Entry | while_cfg_Entry c = (_Entry_) || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.while_cfg_defs | Defs (transform c), with Entry defining every used variable || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.while_cfg_uses | Uses (transform c) || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.gen_while_cfg | the gen_cfg record of a While program || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.gen_while_cfg_wf | lift_definition: gen_while_cfg as a gen_cfg_wf || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
definition WhileGraphSSA.build_ssa | build_ssa cmd = gen_ssa_wf_notriv_substAll (gen_ssa_cfg_wf (gen_while_cfg_wf cmd)) || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition
lemma WhileGraphSSA.while_cfg_CFG_wf_impl | the While CFG satisfies CFG_wf || the While language of AFP Slicing (commands over string-named variables, with expressions) is not modelled in TypeScript; fuzz/arbitraries/structured.ts generates structured programs in its spirit with abstract statements (its deviations are stated there), not this definition

## Minimal_SSA Irreducible.thy
definition CFG_SSA_Transformed.induced_phi_graph | {(phi, phi'). phiArg g phi phi'} Int P x P
definition CFG_SSA_Transformed.redundant_set | non-empty set of phis referencing at most one value v' outside itself
definition CFG_SSA_Transformed.redundant_scc | redundant_set g scc /\ is_scc (induced_phi_graph g P) scc
definition CFG_SSA_Transformed.condensation_nodes | scc_of (induced_phi_graph g P) ' P
definition CFG_SSA_Transformed.condensation_edges | edges between different SCCs of induced_phi_graph g P
definition CFG_SSA_Transformed.reachable | inductive: unnecessary phis reachable from phi through unnecessary phi arguments
definition CFG_SSA_Transformed.trueArgs | arguments of reachable g phi outside reachable g phi
lemma CFG_SSA_Transformed.condensation_finite | finite (condensation_edges g P) || finiteness: built from the finite phi table
lemma CFG_SSA_Transformed.condensation_nodes_edges | condensation_edges g P <= condensation_nodes g P x condensation_nodes g P
lemma CFG_SSA_Transformed.condensation_edge_impl_path | (a, b) in condensation_edges g P; x in a; y in b ==> (x, y) in (induced_phi_graph g P)^*
lemma CFG_SSA_Transformed.path_in_condensation_impl_path | (a, b) in (condensation_edges g P)^+; x in a; y in b ==> (x, y) in (induced_phi_graph g P)^*
lemma CFG_SSA_Transformed.condensation_acyclic | acyclic (condensation_edges g P)
lemma CFG_SSA_Transformed.Ex_condensation_leaf | P ~= {} ==> some SCC of the condensation has no outgoing edge
lemma CFG_SSA_Transformed.scc_in_P | scc in condensation_nodes g P ==> scc <= P
lemma CFG_SSA_Transformed.redundant_scc_phis | redundant_set g P; x in an SCC of the condensation ==> phi g x ~= None
theorem CFG_SSA_Transformed.1 | Lemma 1: redundant_set g P ==> EX scc <= P. redundant_scc g P scc
lemma CFG_SSA_Transformed.reachable_props | phi' in reachable g phi ==> (phiArg g)^** phi phi' /\ unnecessaryPhi g phi'
lemma CFG_SSA_Transformed.preds_finite | finite (trueArgs g phi) || finiteness: a subset of the finite allVars
lemma CFG_SSA_Transformed.few_preds_redundant | card (trueArgs g phi) < 2; unnecessaryPhi g phi ==> redundant_set g (reachable g phi)
lemma CFG_SSA_Transformed.phiArg_trancl_same_var | (phiArg g)^++ phi n ==> var g phi = var g n
lemma CFG_SSA_Transformed.reachable_same_var | phi' in reachable g phi ==> var g phi' = var g phi
lemma CFG_SSA_Transformed.phiArg_disjoint_paths_extend | disjoint def paths extend through a phi argument to the phi's node, still disjoint
lemma CFG_SSA_Transformed.phi_node_no_defs | unnecessaryPhi g phi; var g phi in oldDefs g n ==> defNode g phi ~= n
lemma CFG_SSA_Transformed.defNode_differ_aux | phi_s in reachable g phi; phi, s in allVars g; phi_s ~= s; var g phi = var g s ==> defNode g phi_s ~= defNode g s
theorem CFG_SSA_Transformed.no_redundant_set_minimal | ~ (EX P. redundant_set g P) ==> cytronMinimal g
corollary CFG_SSA_Transformed.no_redundant_SCC_minimal | ~ (EX P scc. redundant_scc g P scc) ==> cytronMinimal g
corollary CFG_SSA_Transformed.no_redundant_set_not_redundant | (unnamed) ~ (EX P. redundant_set g P) ==> ~ redundant g
`;

/**
 * Names the CC 2016 paper gives where the AFP has another: the paper's Fig. 6 calls the
 * assumptions `oldDefs_def` and `oldUses_def` of `CFG_SSA_Transformed` `oldDefs_correct` and
 * `oldUses_correct`, names that in the AFP belong to two lemmas of `CFG_Construct` (about the
 * construction); Fig. 8 calls `isTrivialPhi` `trivialPhi`. Reports, certificates and the code use
 * the AFP's names; the spec map shows the paper's beside them, as aliases.
 */
export const PAPER_NAMES = new Map([
  ["Formal_SSA.CFG_SSA_Transformed.oldDefs_def", "oldDefs_correct (Fig. 6)"],
  ["Formal_SSA.CFG_SSA_Transformed.oldUses_def", "oldUses_correct (Fig. 6)"],
  ["Formal_SSA.CFG_SSA_wf_base.isTrivialPhi", "trivialPhi (Fig. 8)"],
]);

/** @typedef {{ id: string, session: string, theory: string, locale: string, name: string, kind: string, summary: string, notApplicable?: string, paperName?: string }} CatalogEntry */

/** The entries, in catalog order. */
export function catalog() {
  /** @type {CatalogEntry[]} */
  const out = [];
  let session = "";
  let theory = "";
  for (const [i, raw] of CATALOG_TEXT.split("\n").entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const head = /^## (\S+) (\S+)$/.exec(line);
    if (head) {
      [, session, theory] = head;
      continue;
    }
    const m = /^(locale|assumption|definition|lemma|theorem|corollary) (\S+?)(?::lemma)? \| (.*?)(?: \|\| (.*))?$/.exec(line);
    if (!m) throw new Error(`isabelle-catalog.mjs: line ${i} is not an entry: ${line}`);
    const [, kind, qual, summary, reason] = m;
    const dot = qual.indexOf(".");
    const locale = kind === "locale" ? qual : qual.slice(0, dot);
    const name = kind === "locale" ? qual : qual.slice(dot + 1);
    const suffix = /\S+:lemma /.test(line) ? ":lemma" : "";
    const id = kind === "locale" ? `${session}.${qual}` : `${session}.${locale}.${name}${suffix}`;
    /** @type {CatalogEntry} */
    const e = { id, session, theory, locale, name, kind, summary };
    if (reason) e.notApplicable = reason;
    const paper = PAPER_NAMES.get(id);
    if (paper !== undefined) e.paperName = paper;
    out.push(e);
  }
  const seen = new Set();
  for (const e of out) {
    if (seen.has(e.id)) throw new Error(`isabelle-catalog.mjs: ${e.id} twice`);
    seen.add(e.id);
  }
  for (const id of PAPER_NAMES.keys()) if (!seen.has(id)) throw new Error(`isabelle-catalog.mjs: PAPER_NAMES names ${id}, which is not catalogued`);
  return out;
}
