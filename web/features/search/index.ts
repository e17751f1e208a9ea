// What other features use of search; inside the feature, files import each other directly.
export { SearchBoxPlaceholder } from './SearchBoxPlaceholder';
