// What other features use of mentions; inside the feature, files import each other directly.
export { useMentionedPostsInfiniteQuery } from './mentionsApi';
export { MentionText } from './MentionText';
export { useMentionCombobox } from './useMentionCombobox';
