/** Backup lifecycle (spec 002 §3 Backup). */
export const backupEvents = {};
