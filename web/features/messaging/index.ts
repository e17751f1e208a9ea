// What other features use of messaging; inside the feature, files import each other directly.
export { useSendMessageMutation, useStartConversationMutation } from './messagingApi';
