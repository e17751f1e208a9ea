// What other features use of hashtags; inside the feature, files import each other directly.
export { TrendingTags } from './TrendingTags';
