import path from 'node:path';
import { secondsTable } from '../../scripts/test-seconds';

describe('secondsTable', () => {
  it('keys each file by its path from the root, sorted, in seconds to a tenth', () => {
    const root = path.resolve('/repo');
    const file = (name: string, ms: number) => ({
      name: path.join(root, 'tests', 'integration', name),
      startTime: 1_000,
      endTime: 1_000 + ms,
    });
    const table = secondsTable(
      [{ testResults: [file('b.test.ts', 12_345)] }, { testResults: [file('a.test.ts', 49)] }],
      root,
    );
    expect(Object.entries(table)).toEqual([
      ['tests/integration/a.test.ts', 0],
      ['tests/integration/b.test.ts', 12.3],
    ]);
  });
});
