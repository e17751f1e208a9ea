// What other features use of moderation; inside the feature, files import each other directly.
export { ReportButton } from './ReportButton';
