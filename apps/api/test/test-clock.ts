/**
 * The instant the API tests' clock starts at (`createTestApp`, helpers.ts) and the day their template database is
 * seeded at (global-setup.ts): the demo data's dates (listings, orders, their deadlines, the sales history) stand in
 * the same place against the test clock on every day the tests run.
 */
export const TEST_CLOCK_START = Date.parse('2026-11-22T12:00:00Z');
