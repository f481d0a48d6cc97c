// Cases of the fixed corpus (seed FUZZ_SEED_DEFAULT, 1,000 inputs) that hit a
// finding of FINDINGS.md not fixed yet. fuzz.test.ts skips them and says so.
// When a finding is fixed, delete its entries: the test then runs those cases
// again (FUZZ_RUN_KNOWN=1 runs them without deleting anything, to check).
// Entries are keyed by the case's content hash (input files + command line),
// so an entry can never skip a different input.

export interface KnownFinding {
  /** caseHash of the case (printed by the test next to each failure). */
  hash: string;
  /** The finding in FINDINGS.md, e.g. `F1`. */
  finding: string;
  /** The case, for people: its id and origin. */
  case: string;
}

export const KNOWN_FINDINGS: KnownFinding[] = [];
