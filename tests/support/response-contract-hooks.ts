import { takeResponseProblems } from './response-checks';

/**
 * Every integration test fails when a server of its file answered something the API document
 * does not describe (see `checkResponsesOf`, installed by `startTestServer`). A hook's requests
 * are reported with the test after it, or with the file's last one.
 */
function failOnUndescribedAnswers(): void {
  const problems = takeResponseProblems();
  if (problems.length === 0) return;
  throw new Error(
    `${problems.length} answer(s) the API document (/api/openapi.json) does not describe:\n` +
      problems.map((problem) => `- ${problem}`).join('\n'),
  );
}

afterEach(failOnUndescribedAnswers);
afterAll(failOnUndescribedAnswers);
