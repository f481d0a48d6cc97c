// The scheme of goal ids, in one place: the front end names decisions with it
// (a branch goal's id is its decision's id and the outcome) and the goal
// catalogue names every other goal with it.
//
//   `${function}:${line}:${tag}`, with `@${column}` on the tag when several
//   goals (or decisions) of one function would share it, and `.${n}` when even
//   the column is shared. Examples: `f:12:if:true`, `f:9:stmt`, `f:14:overflow@9`.
//
// Ids depend only on where the goal is, never on the order goals are listed in,
// so they stay stable when unrelated lines change.

export function goalStem(fn: string, line: number, tag: string): string {
  return `${fn}:${line}:${tag}`;
}

/** The id of a branch goal: its decision's id and the outcome. */
export function branchGoalId(decisionId: string, outcome: string): string {
  return `${decisionId}:${outcome}`;
}

/**
 * Final ids for items named by stem: a stem used once is the id; a shared one
 * gets `@column`, then `.n` when the column is shared too. `taken` holds ids
 * already in use (they are not given again).
 */
export function disambiguate(items: { stem: string; column: number }[], taken: Set<string> = new Set()): string[] {
  const count = new Map<string, number>();
  for (const it of items) count.set(it.stem, (count.get(it.stem) ?? 0) + 1);
  return items.map((it) => {
    let id = count.get(it.stem)! > 1 ? `${it.stem}@${it.column}` : it.stem;
    for (let n = 2; taken.has(id); n++) id = `${it.stem}@${it.column}.${n}`;
    taken.add(id);
    return id;
  });
}

/** The tag of a decision's goals: its kind, `cond` for a condition of `&&`/`||`. */
export function decisionTag(kind: string): string {
  return kind === 'condition' ? 'cond' : kind;
}
