/** Alert state changes (spec 002 §3 Monitoring). Telemetry itself never enters the log. */
export const monitoringEvents = {};
