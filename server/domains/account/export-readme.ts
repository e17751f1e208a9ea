/** README.txt of a member's export: what each entry holds. */
export function exportReadme(username: string, at: Date): string {
  return [
    `Agora: the data of ${username}, downloaded ${at.toISOString()}.`,
    '',
    'profile.json        your account (username, email, display name, privacy, role, joined),',
    '                    your notification preferences, your profile (every field, avatar and',
    '                    banner file ids, card switches), its counts (posts, followers,',
    '                    following, likes, views), your uuidv7 mapping, the last value of your',
    '                    sequence, your settings (notification switches, theme, font size),',
    '                    your API tokens (names, scopes, dates and last use; never the',
    '                    secrets), and your onboarding: the account choice, your answers',
    '                    (`choices`), owner setup, steps and progress',
    'posts.json          your posts with their counts and attached file ids; the posts you',
    '                    liked and saved (ids)',
    'comments.json       the comments you wrote',
    "messages.json       the conversations you are in (ids and participants' ids) and the",
    '                    messages you wrote; what others wrote is theirs to download',
    'friends.json        your friends, friend requests sent and received, members you blocked',
    'follows.json        the members you follow and who follow you (ids), each with since when',
    'notifications.json  your notifications',
    'files.json          your files: name, folder, type, size, visibility, tags, description;',
    '                    `path` is where its bytes are in this archive',
    'files/              the bytes of each of your files, named by its storage key',
    '',
    'Times are ISO 8601 in UTC. Ids are UUIDs and match across the documents.',
    '',
  ].join('\n');
}
