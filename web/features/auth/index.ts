// What other features use of auth; inside the feature, files import each other directly.
export { useSignOutMutation } from './authApi';
export { AuthFrame } from './AuthFrame';
export { LOGIN_PATH } from './guard';
export {
  selectSignedInUser,
  selectSignedInUserId,
  sessionEnded,
  sessionRechecked,
  useSession,
} from './session';
