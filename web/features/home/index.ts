// What other features use of home; inside the feature, files import each other directly.
export { mergeNewPosts } from './feedList';
export { PendingPostsPill } from './NewPostsPill';
