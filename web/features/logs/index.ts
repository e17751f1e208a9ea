// What other features use of logs; inside the feature, files import each other directly.
export { useLogger } from './loggingContext';
export { LogViewer } from './LogViewer';
export { logProblem } from './problemLog';
