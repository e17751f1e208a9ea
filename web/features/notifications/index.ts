// What other features use of notifications; inside the feature, files import each other directly.
export { NotificationPreferencesForm } from './NotificationPreferencesForm';
