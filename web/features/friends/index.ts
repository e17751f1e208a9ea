// What other features use of friends; inside the feature, files import each other directly.
export { withFeedback } from './actionFeedback';
export { BlockedMembers } from './BlockedMembers';
export { useGetFriendSuggestionsQuery, useSendFriendRequestMutation } from './friendsApi';
export { nameOf, PersonSummary } from './PersonSummary';
