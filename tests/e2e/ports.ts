/** Fixed loopback ports of the end-to-end stack (away from the dev defaults 8080 and 54329). */
export const E2E_PORTS = { app: 8181, other: 8182, postgres: 54381 } as const;
