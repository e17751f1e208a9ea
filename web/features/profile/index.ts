// What other features use of profile; inside the feature, files import each other directly.
export {
  memberSettingsSaved,
  selectPushAllowed,
  storedSettingsAdopted,
} from './memberSettingsSync';
export {
  profileApi,
  useFollowMutation,
  useGetMemberSettingsQuery,
  useGetProfileQuery,
  useUpdateCardSettingsMutation,
  useUpdateMemberSettingsMutation,
  useUpdateProfileImageMutation,
  useUpdateProfileMutation,
} from './profileApi';
