import type { Reporter, TestCase } from 'vitest/node'

/**
 * Names every test that passed only on a retry (CI retries once, decision 238), so that a flake
 * absorbed by the retry is still seen and fixed rather than hidden.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = []

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic()
    if (diagnostic?.flaky) this.flaky.push(`${test.module.moduleId}: ${test.fullName} (passed on try ${diagnostic.retryCount + 1})`)
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return
    console.log(`\n== ${this.flaky.length} flaky test(s): passed only on a retry`)
    for (const line of this.flaky) console.log(`  ${line}`)
  }
}
