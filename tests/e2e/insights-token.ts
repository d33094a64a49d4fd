/** The INSIGHTS_TOKEN of the browser tests' server (playwright.config.ts), which tests/e2e/insights.spec.ts signs in with. */
export const e2eInsightsToken = 'e2e-insights-token-0123456789';
