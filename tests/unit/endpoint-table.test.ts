import { describe, expect, it } from 'vitest';
import { routes } from '@/lib/endpoints/contract';
import { endpoints } from '@/lib/endpoints/descriptions';
import { skillPlan } from '@/lib/discovery/skills';
import { endpointExamples } from '../fixtures/endpoint-examples';

/**
 * The endpoint table is three parts joined by row id: the routing contract
 * (lib/endpoints/contract.ts), the rows' schemas and prose (lib/endpoints/descriptions/) and
 * the walk's examples (tests/fixtures/endpoint-examples.ts). What one part
 * says must agree with the others.
 */
describe('the endpoint table', () => {
  it('joins every row of the contract with its description, in the contract order', () => {
    expect(endpoints.map((row) => row.id)).toEqual(routes.map((row) => row.id));
    expect(new Set(routes.map((row) => row.id)).size).toBe(routes.length);
  });

  it('lists `rate_limited` among the problems of exactly the rate-limited rows', () => {
    for (const row of endpoints) expect(row.errors.includes('rate_limited'), row.id).toBe(row.rateLimited);
  });

  it('has examples for every row', () => {
    for (const row of routes) expect(endpointExamples[row.id].length, row.id).toBeGreaterThan(0);
  });

  it('shows in each SKILL.md a REST call the walk requests, one that answers 200', () => {
    for (const plan of skillPlan) {
      const plain = endpointExamples[plan.rest].filter((example) => example.status === 200 && !example.headers && !example.body);
      expect(plain.map((example) => example.url), plan.name).toContain(plan.example);
    }
  });
});
