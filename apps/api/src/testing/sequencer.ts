// The order in which test files start (vitest.config.ts). Two workers take files from the front of
// one list, so a long file started last keeps one worker busy while the other idles: longest first.
// Vitest orders by the durations of the last run when it has them; a fresh clone (CI) has none and
// would keep the listing's order, where a file starting five servers one after another (238 s in a
// loaded run) could start near the end. Without durations: files that start processes or migrate a
// database from nothing (a PGlite made from nothing costs seconds of CPU) first, then larger files
// first (more tests).
import { readFileSync, statSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const slowSigns = /\bstartServer\(|\bspawn(Sync)?\(|\bexecFile(Sync)?\(|\bfork\(|\bfc\.assert\(|\bPGlite\.create\(|migrated: false/

function weight(file: string): number {
  try {
    const size = statSync(file).size
    return slowSigns.test(readFileSync(file, 'utf8')) ? size + 1e9 : size
  } catch {
    return 0
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = files.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`))
    if (known) return super.sort(files)
    const weights = new Map(files.map((f) => [f.moduleId, weight(f.moduleId)]))
    return [...files].sort((a, b) => weights.get(b.moduleId)! - weights.get(a.moduleId)!)
  }
}
