/**
 * The order in which test files start (vitest.config.ts `sequence.sequencer`): vitest's own
 * (BaseSequencer: by `sequence.groupOrder`, then project by project, the longest first where a
 * run before left its durations, else the largest file first), except that within a group the
 * files listed here start first, in this order, whatever their project. Two files run at a
 * time: a long file that starts last runs alone at the end (on a fresh clone, with no durations
 * left by a run before, history-migrate's 24 s came after everything else, and the browser's
 * longest files are small ones). The order only schedules: every file runs, as it would anyway.
 *
 * The durations beside each file are its own in a whole `npm test` on a fresh clone of the
 * slower 2-core machine (docs/testing.md); keep the list in that order when they change.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST: readonly string[] = [
  // The engine and the Worker's (group 0).
  'test/engine/properties.test.ts', // 50 s
  'test/worker/history/history-migrate.test.ts', // 41 s
  'test/engine/bots.test.ts', // 28 s
  // The browser's (group 1).
  'test/browser/moves.test.ts', // 89 s
  'test/browser/a11y.test.ts', // 88 s
  'test/browser/in-view.test.ts', // 77 s
  'test/browser/layout.test.ts', // 72 s
  'test/browser/start-servers.test.ts', // 67 s
  'test/browser/game.test.ts', // 67 s
  'test/browser/table-details.test.ts', // 64 s
  'test/browser/controls.test.ts', // 61 s
  'test/browser/live.test.ts', // 57 s
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = LONGEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll('\\', '/'));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    const group = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
    // A stable sort: the files not listed keep vitest's order (a project whose files share a runtime stays in one run).
    return [...sorted].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
