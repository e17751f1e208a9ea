/**
 * The content history's streams. A backup is a stream of its own and so are a post's analytics,
 * so neither ever races an edit of the post for its stream's version.
 */
export const backupStreamId = (backupId: string) => `content-backup-${backupId}`;
export const metricsStreamId = (postId: string) => `content-metrics-${postId}`;
