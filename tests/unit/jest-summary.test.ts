import { printedCounts } from '../../scripts/jest-summary';

describe("jest's printed summary", () => {
  it('reads passed, failed and skipped from the last Tests line', () => {
    const output = [
      'PASS integration tests/integration/a.test.ts',
      'Tests:       4 passed, 4 total',
      'FAIL integration tests/integration/b.test.ts',
      'Test Suites: 1 failed, 12 passed, 13 total',
      'Tests:       1 failed, 2 skipped, 1 todo, 102 passed, 106 total',
      'Time:        252.5 s',
    ].join('\n');
    expect(printedCounts(output)).toEqual({ passed: 102, failed: 1, skipped: 3 });
  });

  it('answers null when jest printed no summary', () => {
    expect(printedCounts('Error: Cannot find module\n')).toBeNull();
  });
});
